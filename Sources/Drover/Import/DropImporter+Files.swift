import DragKit
import Foundation
import GalleryKit
import Localization

/// The import itself, once a drop's file list or image has been loaded: one
/// placeholder per file or folder, each prepared by GalleryKit off the main
/// thread and committed where its placeholder is by then.
extension DropImporter {
    /// One placeholder per file or folder at entry `index`, all in one change to the grid
    /// (a drop of 1,000 files lays it out once), each saying "Waiting…" until its turn.
    /// Anything that is not a local file gets an error tile saying so. Which are folders is
    /// found off the main thread (a look at each file; on a network share that takes its
    /// time); then each imports on its own, in the order dropped. With `folderToasts`, a
    /// folder whose import needs a look says so in a toast of its own (a drop); without,
    /// the caller sums the tally up. Returns the tally of them all, once all have landed
    /// or failed.
    func insertPlaceholders(for urls: [URL], at index: Int, folderToasts: Bool) -> Task<Tally, Never> {
        let handles = urls.map { _ in ImportHandle() }
        let contexts = model.insertPlaceholders(titles: urls.map(ImportPolicy.placeholderTitle(for:)),
                                                at: index, detail: tr("Waiting…")) { offset in handles[offset].task?.cancel() }
        var failures: [String] = []
        for (url, context) in zip(urls, contexts) {
            guard let message = ImportPolicy.refusal(of: url) else { continue }
            context.fail(message)
            failures.append("\(url.absoluteString): \(message)")
        }
        let local = zip(urls, zip(contexts, handles)).filter { $0.0.isFileURL }.map { (url: $0.0, context: $0.1.0, handle: $0.1.1) }
        let paths = local.map(\.url)
        return Task {
            let folders = await Self.folderFlags(paths)
            for (entry, isFolder) in zip(local, folders) where !entry.context.isResolved {
                entry.handle.task = isFolder ? importFolder(entry.url, into: entry.context, toast: folderToasts)
                    : Task { await prepareAndCommit(ImportSource(url: entry.url), context: entry.context) }
            }
            var tally = Tally(failures: failures)
            for entry in local { if let task = entry.handle.task { tally = tally + (await task.value) } }
            return tally
        }
    }

    private func importFolder(_ folder: URL, into context: PlaceholderContext<GalleryItem>, toast: Bool) -> Task<Tally, Never> {
        let destination = destination(at: context)
        return Task {
            do {
                let report = try await library.importDirectory(folder, into: destination) { progress in
                    let fraction = Double(progress.completed) / Double(max(1, progress.total))
                    Task { @MainActor in context.updateProgress(fraction) }
                }
                context.delete()
                let tally = Tally(report)
                // A folder's other files and hidden files are normal: a toast only for what needs a look.
                if toast, !tally.failures.isEmpty || tally.skipped.contains(where: \.reason.needsAttention) {
                    gallery.window.toast.show(tally.summary)
                }
                return tally
            } catch is CancellationError {
                context.delete()
                return Tally()
            } catch {
                let message = ErrorWording.reason(error)
                context.fail(message)
                return Tally(failures: ["\(folder.lastPathComponent): \(message)"])
            }
        }
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
    /// placeholder is now, together with the others ready by then (`CommitBatcher`):
    /// the placeholder becomes the photo when the library's batch that inserts it
    /// is applied (it carries the prepared import's identity, see
    /// `CollectionModel.expectCommit`).
    @discardableResult
    func prepareAndCommit(_ source: ImportSource, context: PlaceholderContext<GalleryItem>) async -> Tally {
        do {
            model.setDetail(tr("Waiting…"), for: context)
            let prepared = try await slots.run { () async throws -> PreparedImport in
                try Task.checkCancellation()
                context.updateProgress(max(context.progress, 0.5))
                return try await library.prepareImport(source)
            }
            try await commits.commit(prepared, for: context)
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
            if case .alreadyInLibrary = failure.reason {
                offerImportAnyway(source, replacing: context)
                return Tally(duplicates: [(failure.source.lastPathComponent, failure.reason.message)])
            }
            return Tally(failures: [failure.message])
        } catch {
            let message = ErrorWording.reason(error)
            context.fail(message)
            return Tally(failures: ["\(source.url.lastPathComponent): \(message)"])
        }
    }

    /// Import Anyway on the tile of a file already in the library: the same file, imported
    /// all the same into a new placeholder where the failed one was. A screen reader hears
    /// how it went ("Imported 1 photo."), as after a drop: the tile it was pressed on is gone.
    private func offerImportAnyway(_ source: ImportSource, replacing context: PlaceholderContext<GalleryItem>) {
        model.offerImportAnyway(for: context) { [weak self] in
            guard let self, let index = context.index else { return }
            var again = source
            again.allowsDuplicate = true
            var importing: Task<Tally, Never>?
            model.batch {
                context.delete()
                importing = importPreparing(again, title: again.title ?? again.url.lastPathComponent, at: index)
            }
            guard let importing else { return }
            Task { [weak self] in
                let tally = await importing.value
                guard tally.imported + tally.spokenFailures.count > 0 else { return }
                self?.gallery.window.announce(ImportSummary.spoken(imported: tally.imported, failures: tally.spokenFailures,
                                                                   pasted: false))
            }
        }
    }

    /// Where the item of `context` goes: into the collection it was dropped on, at the
    /// placeholder's place, or at the end if that collection is no longer shown.
    private func destination(at context: PlaceholderContext<GalleryItem>) -> ImportDestination {
        ImportDestination(model.scope(of: context), at: context.index.map(model.itemIndex(forEntryAt:)))
    }
}

/// The import task of one dropped file or folder, known only once it starts (after the
/// look at which files are folders): its placeholder's cancel button cancels it.
@MainActor
final class ImportHandle {
    var task: Task<DropImporter.Tally, Never>?
}
