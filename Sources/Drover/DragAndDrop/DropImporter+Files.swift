import DragKit
import Foundation
import GalleryKit
import Localization

/// The import itself, once a drop's file list or image has been loaded: one
/// placeholder per file or folder, each prepared by GalleryKit off the main
/// thread and committed where its placeholder is by then.
extension DropImporter {
    /// One placeholder per local file or folder at entry `index`, each importing
    /// on its own. Anything that is not a local file gets an error tile saying so.
    /// With `folderToasts`, a folder whose import needs a look says so in a toast
    /// of its own (a drop); without, the caller sums the tallies up.
    func insertPlaceholders(for urls: [URL], at index: Int, folderToasts: Bool) -> [Task<Tally, Never>] {
        var imports: [Task<Tally, Never>] = []
        for (offset, url) in urls.enumerated() {
            guard url.isFileURL else {
                let context = model.insertPlaceholder(at: index + offset, title: url.absoluteString) {}
                let message = tr("Only files on this computer can be imported, not {scheme} addresses.", ["scheme": url.scheme ?? "?"])
                context.fail(message)
                imports.append(Task { Tally(failures: ["\(url.absoluteString): \(message)"]) })
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                imports.append(importFolder(url, at: index + offset, toast: folderToasts))
            } else {
                imports.append(importPreparing(ImportSource(url: url), title: url.lastPathComponent, at: index + offset))
            }
        }
        return imports
    }

    private func importFolder(_ folder: URL, at index: Int, toast: Bool) -> Task<Tally, Never> {
        var task: Task<Tally, Never>?
        let context = model.insertPlaceholder(at: index, title: folder.lastPathComponent) { task?.cancel() }
        let destination = destination(at: context)
        let running = Task {
            do {
                let report = try await library.importDirectory(folder, into: destination) { progress in
                    let fraction = Double(progress.completed) / Double(max(1, progress.total))
                    Task { @MainActor in context.updateProgress(fraction) }
                }
                context.delete()
                let tally = Tally(report)
                // A folder's other files and hidden files are normal: a toast only for what needs a look.
                if toast, !tally.failures.isEmpty || tally.skipped.contains(where: \.reason.needsAttention) {
                    gallery.window.toast.show(ImportSummary.text(imported: tally.imported, failures: tally.failures,
                                                                 skipped: tally.skipped))
                }
                return tally
            } catch is CancellationError {
                context.delete()
                return Tally()
            } catch {
                let message = GalleryController.describe(error)
                context.fail(message)
                return Tally(failures: ["\(folder.lastPathComponent): \(message)"])
            }
        }
        task = running
        return running
    }

    // MARK: Placeholders and commits

    private func importPreparing(_ source: ImportSource, title: String, at index: Int) -> Task<Tally, Never> {
        var task: Task<Tally, Never>?
        let context = model.insertPlaceholder(at: index, title: title) { task?.cancel() }
        let running = Task { await prepareAndCommit(source, context: context) }
        task = running
        return running
    }

    /// Prepares the photo off the main thread, then commits it where the
    /// placeholder is now: the placeholder becomes the photo when the library's
    /// batch that inserts it is applied (it carries the prepared import's
    /// identity, see `CollectionModel.expectCommit`).
    @discardableResult
    func prepareAndCommit(_ source: ImportSource, context: PlaceholderContext<GalleryItem>) async -> Tally {
        do {
            model.setDetail(tr("Waiting…"), for: context)
            let prepared = try await slots.run { () async throws -> PreparedImport in
                try Task.checkCancellation()
                context.updateProgress(max(context.progress, 0.5))
                return try await library.prepareImport(source)
            }
            try await commits.run {
                guard !Task.isCancelled, !context.isResolved else {
                    await library.discardImport(prepared)
                    return
                }
                guard let index = context.index else {
                    // Dropped on a collection no longer shown: the photo goes to its end.
                    _ = try await library.commitImports([prepared], into: destination(at: context))
                    context.delete()
                    return
                }
                // Expected before the commit, so its batch cannot arrive unrecognised.
                model.expectCommit(of: prepared.id, for: context)
                do {
                    _ = try await library.commitImports([prepared], into: destination(at: context, index: index))
                } catch {
                    model.abandonCommit(of: prepared.id)
                    throw error
                }
                // The next commit's index must count this photo: wait for its batch.
                await model.commitApplied(prepared.id)
            }
            return Tally(imported: 1)
        } catch is CancellationError {
            context.delete()
            return Tally()
        } catch let failure as ImportFailure where failure.reason == .cancelled {
            context.delete()
            return Tally()
        } catch let failure as ImportFailure {
            // The tile already names the file; say only what went wrong.
            context.fail(failure.reason.message)
            if case .alreadyInLibrary = failure.reason { offerImportAnyway(source, replacing: context) }
            return Tally(failures: [failure.message])
        } catch {
            let message = GalleryController.describe(error)
            context.fail(message)
            return Tally(failures: ["\(source.url.lastPathComponent): \(message)"])
        }
    }

    /// Import Anyway on the tile of a file already in the library: the same file, imported
    /// all the same into a new placeholder where the failed one was.
    private func offerImportAnyway(_ source: ImportSource, replacing context: PlaceholderContext<GalleryItem>) {
        model.offerImportAnyway(for: context) { [weak self] in
            guard let self, let index = context.index else { return }
            var again = source
            again.allowsDuplicate = true
            model.batch {
                context.delete()
                _ = importPreparing(again, title: again.title ?? again.url.lastPathComponent, at: index)
            }
        }
    }

    /// Where the item of `context` goes: into the collection it was dropped on, at the
    /// placeholder's place (`index`, or where it is now), or at the end if that
    /// collection is no longer shown.
    private func destination(at context: PlaceholderContext<GalleryItem>, index: Int? = nil) -> ImportDestination {
        ImportDestination(model.scope(of: context), at: (index ?? context.index).map(model.itemIndex(forEntryAt:)))
    }
}
