import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// Turns what other applications drop (or paste) into library items: files
/// and folders, image data, text. Each item gets a placeholder tile at once,
/// with its own progress and cancel button; the data is read without blocking,
/// the photo is prepared off the main thread, and it then takes the
/// placeholder's place, wherever the placeholder is by then.
///
/// Every read from the other application (image bytes, a file list, text) runs
/// under a `TransferWatchdog`: a source that sends nothing for 20 s ends its
/// placeholder with "No data for 20 s", Cancel, and Retry where the source can
/// be read again (the clipboard; a drop is finished when it stalls).
@MainActor
final class DropImporter {
    /// Image data larger than this is refused (a hostile or broken source must not fill memory).
    static let maximumImageBytes = 200 * 1024 * 1024
    static let imageMimeTypes = ContentType.images.map(\.mimeType)

    private let gallery: GalleryController
    /// Photos prepared at once (copy, decode, thumbnail); the rest wait.
    private let slots = WorkSlots(count: ProcessInfo.processInfo.activeProcessorCount)
    /// Commits run one at a time, each placing its photo where its placeholder
    /// is once the previous one has landed, so a multi-file drop keeps its order.
    private let commits = WorkSlots(count: 1)
    private var library: PhotoLibrary { gallery.library }
    private var model: CollectionModel { gallery.model }

    init(gallery: GalleryController) {
        self.gallery = gallery
    }

    /// Imports a drop from outside (or the clipboard's content: paste takes the
    /// same path) at entry `index`. A drop is finished (as COPY, so the source
    /// never deletes anything) once its data has been read.
    func importDrop(_ drop: ContentReader, at index: Int) {
        if drop.offers(TransferType.fileList) || drop.offers(mimeType: ContentType.uriList.mimeType) {
            importFiles(from: drop, at: index)
        } else if let type = Self.imageMimeTypes.first(where: drop.offers(mimeType:)) {
            importImageData(from: drop, type: type, at: index)
        } else if drop.offers(mimeType: ContentType.plainText.mimeType) || drop.offers(mimeType: ContentType.anyText.mimeType) {
            importText(from: drop, at: index)
        } else {
            drop.finish(GdkDragAction(0))
            gallery.window.toast.show("Drover cannot use what was dropped: it is not a photo, an image or text.")
        }
    }

    /// Imports a drop from outside into an album that is not on screen: no
    /// placeholders to show, so the outcome is reported in a toast.
    func importDrop(_ drop: ContentReader, intoAlbum album: AlbumID) {
        let finisher = DropFinisher(drop)
        let watchdog = TransferWatchdog()
        let reading = Task {
            do {
                let urls = try await watched(by: watchdog) { try await drop.readFiles() }
                guard !watchdog.hasStalled else { return }
                finisher.finish(GDK_ACTION_COPY)
                let report = try await library.importFiles(urls.filter(\.isFileURL), into: .album(album))
                gallery.window.toast.show(ImportCoordinator.summary(imported: report.imported.count,
                                                                    failures: report.failures.map(\.localizedDescription)))
            } catch {
                guard !watchdog.hasStalled else { return }
                finisher.finish(GdkDragAction(0))
                gallery.window.toast.show("Could not add the dropped items: \(GalleryController.describe(error))")
            }
        }
        watchdog.start { [weak self] message in
            reading.cancel()
            finisher.finish(GdkDragAction(0))
            self?.gallery.window.toast.show("Could not add the dropped items: \(message)")
        }
    }

    // MARK: Files

    private func importFiles(from drop: ContentReader, at index: Int) {
        let finisher = DropFinisher(drop)
        let watchdog = TransferWatchdog()
        let reading = Task {
            let urls: [URL]
            do {
                urls = try await watched(by: watchdog) { try await drop.readFiles() }
            } catch {
                guard !watchdog.hasStalled else { return }
                finisher.finish(GdkDragAction(0))
                // A malformed or unreadable file list: one error tile says so.
                let context = model.insertPlaceholder(at: index, title: "Dropped files") {}
                context.fail("The list of dropped files could not be read: \(GalleryController.describe(error))")
                return
            }
            guard !watchdog.hasStalled else { return }
            finisher.finish(GDK_ACTION_COPY)
            importFiles(urls, at: index)
        }
        // No placeholder while the list is read (it says how many items there
        // are, normally at once): a stalled list gets one.
        watchdog.start { [weak self] message in
            reading.cancel()
            finisher.finish(GdkDragAction(0))
            guard let self else { return }
            let context = model.insertPlaceholder(at: index, title: "Dropped files") {}
            model.stall(context, message: message, retry: retry(drop, replacing: context))
        }
    }

    /// Imports local files and folders at entry `index`, one placeholder each.
    /// Anything that is not a local file gets an error tile saying so.
    func importFiles(_ urls: [URL], at index: Int) {
        model.batch { insertPlaceholders(for: urls, at: index) }
    }

    private func insertPlaceholders(for urls: [URL], at index: Int) {
        for (offset, url) in urls.enumerated() {
            guard url.isFileURL else {
                let context = model.insertPlaceholder(at: index + offset, title: url.absoluteString) {}
                context.fail("Only files on this computer can be imported, not \(url.scheme ?? "this kind of") addresses.")
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                importFolder(url, at: index + offset)
            } else {
                importPreparing(ImportSource(url: url), title: url.lastPathComponent, at: index + offset)
            }
        }
    }

    private func importFolder(_ folder: URL, at index: Int) {
        var task: Task<Void, Never>?
        let context = model.insertPlaceholder(at: index, title: folder.lastPathComponent) { task?.cancel() }
        let destination = destination(at: context)
        task = Task {
            do {
                let report = try await library.importDirectory(folder, into: destination) { progress in
                    let fraction = Double(progress.completed) / Double(max(1, progress.total))
                    Task { @MainActor in context.updateProgress(fraction) }
                }
                context.delete()
                // A folder's other files and hidden files are normal: a toast only for what needs a look.
                if !report.failures.isEmpty || report.skipped.contains(where: \.reason.needsAttention) {
                    gallery.window.toast.show(ImportCoordinator.summary(imported: report.imported.count,
                                                                        failures: report.failures.map(\.localizedDescription),
                                                                        skipped: report.skipped))
                }
            } catch is CancellationError {
                context.delete()
            } catch {
                context.fail(GalleryController.describe(error))
            }
        }
    }

    // MARK: Image data and text

    private func importImageData(from drop: ContentReader, type: String, at index: Int) {
        var task: Task<Void, Never>?
        let finisher = DropFinisher(drop)
        let name = "Dropped image." + ContentType(type).fileExtension
        // Cancel ends the drop at once: a stalled source may never deliver the
        // cancellation to the read that waits on it.
        let context = model.insertPlaceholder(at: index, title: name) {
            task?.cancel()
            finisher.finish(GdkDragAction(0))
        }
        let watchdog = TransferWatchdog()
        let reading = Task {
            do {
                let (data, chosen) = try await watched(by: watchdog) {
                    let (stream, chosen) = try await drop.openStream(mimeTypes: [type])
                    watchdog.heard()
                    let data = try await stream.readAll(limit: Self.maximumImageBytes) { bytes in
                        watchdog.heard()
                        self.model.setDetail("\(bytes / 1024) KB received", for: context)
                    }
                    return (data, chosen)
                }
                guard context.index != nil, context.state == .loading else { return }  // cancelled or stalled meanwhile
                finisher.finish(GDK_ACTION_COPY)
                let lease = try FileLease()
                let file = try lease.makeFileURL(named: "Dropped image." + ContentType(chosen).fileExtension)
                try await Task.detached { try data.write(to: file, options: .atomic) }.value
                await prepareAndCommit(ImportSource(url: file, title: "Dropped image"), context: context)
                lease.end()
            } catch is CancellationError {
                finisher.finish(GdkDragAction(0))
                // A stalled placeholder stays, saying so; a cancelled one goes.
                if !watchdog.hasStalled { context.delete() }
            } catch {
                finisher.finish(GdkDragAction(0))
                context.fail(GalleryController.describe(error))
            }
        }
        task = reading
        watchdog.start(onStall: stalled(context, reading: reading, from: drop, finisher: finisher))
    }

    /// Text becomes a note where it was dropped; text that cannot be used
    /// (empty, or longer than a note may be) leaves an error tile saying why.
    private func importText(from drop: ContentReader, at index: Int) {
        let finisher = DropFinisher(drop)
        var reading: Task<Void, Never>?
        let context = model.insertPlaceholder(at: index, title: "Dropped text") {
            reading?.cancel()
            finisher.finish(GdkDragAction(0))
        }
        // A source that stops sending (GTK 4.8's X11 transfer of large text can
        // stall) must not leave a placeholder loading for ever. Text arrives in
        // one piece, so the whole read has the stall limit to answer.
        let watchdog = TransferWatchdog()
        let task = Task {
            do {
                let text = try await watched(by: watchdog) { try await drop.readText() }
                guard context.index != nil, context.state == .loading else { return }
                finisher.finish(GDK_ACTION_COPY)
                guard let place = context.index else { return }
                try await gallery.addNote(text, atEntry: place)
                context.delete()
            } catch {
                finisher.finish(GdkDragAction(0))
                if context.state == .loading { context.fail(GalleryController.describe(error)) }
            }
        }
        reading = task
        watchdog.start(onStall: stalled(context, reading: task, from: drop, finisher: finisher))
    }

    // MARK: Stalled sources

    /// Runs `read` (one transfer from the other application) with `watchdog`
    /// watching, and stops the watchdog when the read ends, however it ends.
    private func watched<T>(by watchdog: TransferWatchdog, _ read: () async throws -> T) async rethrows -> T {
        defer { watchdog.stop() }
        return try await read()
    }

    /// What happens when the source of `context` stalls: the read is abandoned
    /// (its data, should it come after all, is ignored: the placeholder is no
    /// longer loading), the drop is finished as failed, and the placeholder
    /// says so, with Cancel and, if the source can be read again, Retry.
    private func stalled(_ context: PlaceholderContext<GalleryItem>, reading: Task<Void, Never>,
                         from reader: ContentReader, finisher: DropFinisher) -> @MainActor (String) -> Void {
        { [weak self] message in
            reading.cancel()
            finisher.finish(GdkDragAction(0))
            guard let self else { return }
            model.stall(context, message: message, retry: retry(reader, replacing: context))
        }
    }

    /// Retry for a stalled placeholder: a new read of the source into a new
    /// placeholder at the same place. Only the clipboard can be read again
    /// (what it holds now: normally the same content, its owner still serving
    /// it). A drop cannot: GTK forgets its data once the drop is finished, and a
    /// stalled drop is finished at once so that its source is not left hanging;
    /// its placeholder offers Cancel alone.
    private func retry(_ reader: ContentReader, replacing context: PlaceholderContext<GalleryItem>) -> (() -> Void)? {
        guard reader.canBeReadAgain else { return nil }
        return { [weak self] in
            guard let self, let index = context.index else { return }
            model.batch {
                context.delete()
                self.importDrop(reader, at: index)
            }
        }
    }

    // MARK: Placeholders and commits

    private func importPreparing(_ source: ImportSource, title: String, at index: Int) {
        var task: Task<Void, Never>?
        let context = model.insertPlaceholder(at: index, title: title) { task?.cancel() }
        task = Task { await prepareAndCommit(source, context: context) }
    }

    /// Prepares the photo off the main thread, then commits it where the placeholder is now.
    private func prepareAndCommit(_ source: ImportSource, context: PlaceholderContext<GalleryItem>) async {
        do {
            model.setDetail("Waiting…", for: context)
            let prepared = try await slots.run { () async throws -> PreparedImport in
                try Task.checkCancellation()
                context.updateProgress(max(context.progress, 0.5))
                return try await library.prepareImport(source)
            }
            try await commits.run {
                guard !Task.isCancelled, let index = context.index else {
                    await library.discardImport(prepared)
                    return
                }
                model.expectCommit(of: prepared.thumbnailURL, for: context)
                _ = try await library.commitImports([prepared], into: destination(at: context, index: index))
                // The next commit counts this photo: wait until it replaced its placeholder.
                await library.waitForObservers()
                for _ in 0..<200 where context.index != nil { try? await Task.sleep(for: .milliseconds(5)) }
            }
        } catch is CancellationError {
            context.delete()
        } catch let failure as ImportFailure {
            // The tile already names the file; say only what went wrong.
            context.fail(failure.reason.message)
        } catch {
            context.fail(GalleryController.describe(error))
        }
    }

    private func destination(at context: PlaceholderContext<GalleryItem>, index: Int? = nil) -> ImportDestination {
        let itemIndex = model.itemIndex(forEntryAt: index ?? context.index ?? model.count)
        switch gallery.scope {
        case .allPhotos: return .allPhotos(at: itemIndex)
        case .album(let album): return .album(album, at: itemIndex)
        }
    }
}
