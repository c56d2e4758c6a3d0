import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Where imports start. Every way in comes here, to this folder (`Import/`):
///
/// - a drop on the grid, and paste (`TileCommands`): `importDrop(_:at:pasted:)`;
/// - a drop on an album row (`AlbumDropController`): `importDrop(_:intoAlbum:)`
///   (`DropImporter+Albums.swift`);
/// - `drover FILE…`, and the Import button, Ctrl+O and "Import from Pictures"
///   (`ImportController`): `importFiles(_:)`;
/// - `drover --import PATH… --import-only`, with no window: `HeadlessImport`.
///
/// What each kind of content becomes is `ImportPolicy`'s; the commits of prepared photos
/// are `CommitBatcher`'s; the summaries are `ImportSummary`'s.
///
/// Turns what comes in from outside (a drop from another application, the
/// clipboard's content, files named on the command line) into library items.
/// Every way in builds a DragKit item (`ReaderItem`) and loads it through
/// DragKit's drop session (`DropSession.loadItems`): the type preference, the
/// placeholder with its progress and cancel button, and the stall rule ("No
/// data for 20 s", with Retry where the source can be read again) are
/// DragKit's. What was loaded is then imported by GalleryKit: a file list
/// becomes one placeholder per file, image data a photo, text a note. Each
/// photo takes its placeholder's place, wherever the placeholder is by then,
/// when the library's change batch that inserts it is applied.
@MainActor
final class DropImporter {
    let gallery: GalleryController
    /// The drop rules every import loads by (`DragCoordinator.rules`).
    let coordinator: DragCoordinator
    /// Photos prepared at once (copy, decode, thumbnail), as the library's imports do
    /// (`ImportLimits.filesInFlight`, which the app keeps to one per decode: copying the
    /// next photos beside the decodes made a drop of 1,000 about a quarter faster, but
    /// left the main thread less of the cores, frame gaps' p99 33 ms against 27 and gaps
    /// over 50 ms; benchmarks/drop-frames.sh, three runs each, 2026-11-24). The rest wait.
    lazy var slots = WorkSlots(count: library.importLimits.filesInFlight)
    /// Commits the prepared photos where their placeholders are, as many together
    /// as are ready, one batch at a time, so a multi-file drop keeps its order.
    let commits: CommitBatcher<PreparedImport>
    var library: PhotoLibrary { gallery.library }
    var model: CollectionModel { gallery.model }

    init(gallery: GalleryController, coordinator: DragCoordinator) {
        self.gallery = gallery
        self.coordinator = coordinator
        commits = CommitBatcher(model: gallery.model, library: gallery.library)
    }

    /// What one file or folder of a file list came to: for the summary that
    /// `drover FILE…` shows (a drop shows its outcome on its placeholders).
    struct Tally {
        var imported = 0
        var failures: [String] = []
        var skipped: [ImportSkip] = []
        /// Files already in the library (not failures): their names, and what their tiles say.
        var duplicates: [(name: String, message: String)] = []

        init(imported: Int = 0, failures: [String] = [], skipped: [ImportSkip] = [],
             duplicates: [(name: String, message: String)] = []) {
            self.imported = imported
            self.failures = failures
            self.skipped = skipped
            self.duplicates = duplicates
        }

        init(_ report: ImportReport) {
            var failures: [String] = [], duplicates: [(name: String, message: String)] = []
            for failure in report.failures {
                if case .alreadyInLibrary = failure.reason {
                    duplicates.append((failure.source.lastPathComponent, failure.reason.message))
                } else {
                    failures.append(failure.localizedDescription)
                }
            }
            self.init(imported: report.imported.count, failures: failures, skipped: report.skipped, duplicates: duplicates)
        }

        static func + (lhs: Tally, rhs: Tally) -> Tally {
            Tally(imported: lhs.imported + rhs.imported, failures: lhs.failures + rhs.failures,
                  skipped: lhs.skipped + rhs.skipped, duplicates: lhs.duplicates + rhs.duplicates)
        }

        /// The toast's text for this tally (`ImportSummary.text`).
        var summary: String {
            ImportSummary.text(imported: imported, failures: failures, skipped: skipped, duplicates: duplicates.map(\.name))
        }

        /// What did not come in, as a screen reader hears it: duplicates by their tiles' words.
        var spokenFailures: [String] { failures + duplicates.map(\.message) }
    }

    /// Imports a drop from outside (or the clipboard's content: paste takes the
    /// same path) at entry `index`. A drop is finished (as COPY, so the source
    /// never deletes anything) once its data has been read (a download: once its
    /// first bytes are an image), and as failed if the read fails, stalls or is
    /// cancelled before. Once all of it has landed or failed, a screen reader
    /// hears how it went ("Pasted 2 photos.", with `pasted`).
    func importDrop(_ reader: any ContentReader, at index: Int, pasted: Bool = false) {
        let finisher = DropFinisher(reader)
        let received = PlaceholderReference()
        let item = ReaderItem.make(reading: reader, onBytes: { [weak self] bytes in
            guard let self, let context = received.context else { return }
            let kilobytes = bytes / 1024
            model.setDetail(received.webAddress.map {
                tr("{kilobytes} KB received from {host}", ["kilobytes": kilobytes, "host": $0.host ?? tr("the web")])
            } ?? tr("{kilobytes} KB received", ["kilobytes": kilobytes]), for: context)
        }, onWebImage: { [weak self] url in
            received.webAddress = url
            guard let self, let context = received.context else { return }
            model.setTitle(WebImage.title(for: url), for: context)
        }, onReadable: {
            finisher.finish(.copy)
        })
        let summary: @MainActor (Tally) -> Void = { [weak self] tally in
            guard tally.imported + tally.spokenFailures.count > 0 else { return }
            self?.gallery.window.announce(ImportSummary.spoken(imported: tally.imported, failures: tally.spokenFailures,
                                                               pasted: pasted))
        }
        received.context = load(item, at: index, finisher: finisher, received: received, retry: { [weak self] context in
            self?.retry(reader, replacing: context, pasted: pasted)
        }, summary: summary)
    }

    /// Imports files and folders named on the command line (`drover FILE…`, and
    /// `--import-only` handed over to this window) at the end of the grid,
    /// exactly as a drop of them there; then says in a toast how it went.
    func importFiles(_ urls: [URL]) {
        load(ReaderItem.make(files: urls), at: model.count, finisher: nil, retry: nil, whenImported: { [weak self] tally in
            let calm = tally.failures.isEmpty && !tally.skipped.contains { $0.reason.needsAttention }
            self?.gallery.window.toast.show(tally.summary, seconds: calm ? 5 : 15)
        })
    }

    /// Loads `item` through DragKit into a placeholder at entry `index`, then
    /// imports what it holds. `whenImported`, if given, hears the tally of a
    /// file list once every file has landed or failed (and sums it up itself);
    /// else `summary` hears the tally of any photos, to say how it went.
    @discardableResult
    private func load(_ item: DragItem, at index: Int, finisher: DropFinisher?, received: PlaceholderReference? = nil,
                      retry: ((PlaceholderContext<GalleryItem>) -> (() -> Void)?)?,
                      whenImported: (@MainActor (Tally) -> Void)? = nil,
                      summary: (@MainActor (Tally) -> Void)? = nil) -> PlaceholderContext<GalleryItem>? {
        let session = DropSession(external: [item], rules: coordinator.rules)
        guard let type = item.provider.bestType(among: session.rules.importableTypes) else {
            finisher?.finish(.none)
            gallery.window.toast.show(tr("Drover cannot use what was dropped: it is not a photo, an image or text."))
            return nil
        }
        var load: DropLoad<GalleryItem>?
        model.batch {
            load = session.loadItems([item], into: model.placeholderCollection, at: model.clampedEntryIndex(index),
                                     stallRule: TransferStall.rule) { [weak self] loaded, context in
                finisher?.finish(.copy)
                guard let self else { throw CancellationError() }
                try await importLoaded(loaded, into: context, session: session, webAddress: received?.webAddress,
                                       whenImported: whenImported, summary: summary)
            }
            guard let context = load?.placeholders.first else { return }
            // Cancel ends the drop at once: a stalled source may never deliver
            // the cancellation to the read that waits on it.
            model.adopt(context, title: ImportPolicy.placeholderTitle(for: type, suggestedName: item.provider.suggestedName),
                        cancel: { finisher?.finish(.none) }, retry: retry?(context),
                        onStall: { finisher?.finish(.none) })
        }
        guard let context = load?.placeholders.first else { return nil }
        Task {
            await context.waitForLoad()
            finisher?.finish(.none)  // a no-op once finished as COPY
            session.end()
        }
        return context
    }

    /// Imports one loaded representation into the library, in `context`'s place.
    private func importLoaded(_ loaded: LoadedItem, into context: PlaceholderContext<GalleryItem>,
                              session: DropSession, webAddress: URL?, whenImported: (@MainActor (Tally) -> Void)?,
                              summary: (@MainActor (Tally) -> Void)?) async throws {
        switch ImportPolicy.plan(for: loaded) {
        case .files(let urls):
            // One placeholder per file, where the list's placeholder was.
            guard let index = context.index else {
                // Dropped on a collection no longer shown: no placeholders there to show.
                let tally = try await importUnseen(loaded, into: model.scope(of: context), session: session,
                                                   webAddress: webAddress)
                context.delete()
                if let whenImported { whenImported(tally) } else { gallery.window.toast.show(tally.summary) }
                return
            }
            var imports: Task<Tally, Never>?
            model.batch {
                context.delete()
                imports = insertPlaceholders(for: urls, at: index,
                                             folderToasts: whenImported == nil)
            }
            guard let imports else { return }
            if let whenImported {
                whenImported(await imports.value)
            } else if let summary {
                // Apart from the load, which ends here (as it did before there was a summary).
                Task { summary(await imports.value) }
            }
        case .image(let type):
            let source = try await imageSource(loaded.data, of: type, webAddress: webAddress, session: session)
            summary?(await prepareAndCommit(source, context: context))
        case .note(let text):
            // Text becomes a note where it was dropped, committed like a photo: the batch
            // that inserts it names it. Text that cannot be used (empty, or longer than a
            // note may be) fails the placeholder, saying why.
            try ImportPolicy.checkNote(in: model.scope(of: context))
            guard let place = context.index else {
                // All Photos is no longer shown: the note goes to its end.
                try await library.addNote(text)
                return context.delete()
            }
            let note = CommitID()
            model.expectCommit(of: note, for: context)
            do {
                try await gallery.addNote(text, atEntry: place, as: note)
            } catch {
                model.abandonCommit(of: note)
                throw error
            }
        }
    }

    /// Loaded image data written to the drop's lease as a file to import, titled by its web
    /// address's file name where it has one ("Dropped image" otherwise).
    func imageSource(_ data: Data, of imageType: ContentType, webAddress: URL?, session: DropSession) async throws -> ImportSource {
        let title = webAddress.map(WebImage.title(for:)) ?? tr("Dropped image")
        let file = try session.fileLease().makeFileURL(named: title + "." + imageType.fileExtension)
        try await Task.detached { try data.write(to: file, options: .atomic) }.value
        return ImportSource(url: file, title: title)
    }

    /// Which of `urls` are folders, found off the main thread: a stat may wait on a slow
    /// or network disk.
    nonisolated static func folderFlags(_ urls: [URL]) async -> [Bool] {
        await Task.detached { urls.map(isFolder) }.value
    }

    private nonisolated static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Retry for a stalled placeholder: a new read of the source into a new
    /// placeholder at the same place. Only the clipboard can be read again
    /// (what it holds now: normally the same content, its owner still serving
    /// it). A drop cannot: GTK forgets its data once the drop is finished, and a
    /// stalled drop is finished at once so that its source is not left hanging;
    /// its placeholder offers Cancel alone.
    private func retry(_ reader: any ContentReader, replacing context: PlaceholderContext<GalleryItem>,
                       pasted: Bool) -> (() -> Void)? {
        guard reader.canBeReadAgain else { return nil }
        return { [weak self] in
            guard let self, let index = context.index else { return }
            model.batch {
                context.delete()
                self.importDrop(reader, at: index, pasted: pasted)
            }
        }
    }
}

/// The placeholder a drop's byte counts go to, known only once DragKit inserted
/// it (the item reporting them is made before).
@MainActor
final class PlaceholderReference {
    var context: PlaceholderContext<GalleryItem>?
    /// The web address a browser's image is downloaded from, once read.
    var webAddress: URL?
}
