import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Drops whose collection is not on screen: a drop on the row of an album that is not
/// open, and a file list whose placeholder's collection was left while it loaded. They
/// load through the same DragKit item, session and stall rule as a drop on the grid;
/// with no placeholders to show, the outcome is told in a toast.
extension DropImporter {
    /// Imports a drop from outside (on an album row) into `album`. If the album is on
    /// screen this is a drop at its end. If not, the drop loads through the same DragKit
    /// item, session and stall rule into a placeholder nobody sees, and the outcome is told
    /// in a toast ("Added 2 photos to Animals"). Either way the drop is read before it is
    /// finished: GTK refuses to read a finished drop.
    func importDrop(_ reader: any ContentReader, intoAlbum album: AlbumID) {
        if gallery.scope == .album(album) { return importDrop(reader, at: model.count) }
        let name = gallery.albumName(for: .album(album)) ?? "the album"
        loadUnseen(reader, rules: coordinator.rules,
                   failure: { ErrorWording.albumDropFailed(name, because: $0) }) { [weak self] loaded, session, webAddress in
            guard let self else { throw CancellationError() }
            let tally = try await importUnseen(loaded, into: .album(album), session: session, webAddress: webAddress)
            gallery.window.toast.show(ImportSummary.text(imported: tally.imported, failures: tally.failures,
                                                         skipped: tally.skipped, duplicates: tally.duplicates.map(\.name),
                                                         album: name))
        }
    }

    /// Loads a drop with no placeholder on screen: through the same DragKit item, session
    /// and stall rule as a drop on the grid, taking the types `rules` import, into a
    /// placeholder nobody sees; `imported` gets what was loaded and tells the outcome.
    /// The drop is finished (as COPY) once read; a load that fails is told by `failure`'s
    /// toast; a drop with nothing `rules` take, by a toast of its own.
    func loadUnseen(_ reader: any ContentReader, rules: DropRules, failure: @escaping @MainActor (String) -> String,
                    imported: @escaping @MainActor (LoadedItem, DropSession, URL?) async throws -> Void) {
        let finisher = DropFinisher(reader)
        let received = PlaceholderReference()
        let item = ReaderItem.make(reading: reader, onWebImage: { received.webAddress = $0 },
                                   onReadable: { finisher.finish(.copy) })
        let session = DropSession(external: [item], rules: rules)
        guard item.provider.bestType(among: session.rules.importableTypes) != nil else {
            finisher.finish(.none)
            gallery.window.toast.show(tr("Drover cannot use what was dropped: it is not a photo, an image or text."))
            return
        }
        let unseen = PlaceholderCollection<GalleryItem>([])
        let load = session.loadItems([item], into: unseen, at: 0, stallRule: TransferStall.rule) { loaded, context in
            finisher.finish(.copy)
            try await imported(loaded, session, received.webAddress)
            context.delete()
        }
        guard let context = load.placeholders.first else { return }
        Task { [weak self] in
            await context.waitForLoad()
            finisher.finish(.none)  // a no-op once finished as COPY
            session.end()
            if case .failed(let message) = context.state {
                self?.gallery.window.toast.show(failure(message))
            }
        }
    }

    /// What was loaded for a collection that is not on screen, imported at its end. There
    /// are no placeholders to show it on: the caller tells the tally.
    func importUnseen(_ loaded: LoadedItem, into scope: CollectionScope, session: DropSession,
                              webAddress: URL?) async throws -> Tally {
        let destination = ImportDestination(scope)
        switch ImportPolicy.plan(for: loaded) {
        case .files(let urls):
            let local = urls.filter(\.isFileURL)
            let plan = ImportPolicy.unseenImports(of: urls, isFolder: await Self.folderFlags(local))
            var tally = Tally(failures: plan.failures)
            for folder in plan.folders {
                tally = tally + Tally(try await library.importDirectory(folder, into: destination))
            }
            if !plan.files.isEmpty { tally = tally + Tally(try await library.importFiles(plan.files, into: destination)) }
            return tally
        case .image(let type):
            let source = try await imageSource(loaded.data, of: type, webAddress: webAddress, session: session)
            return Tally(try await library.importSources([source], into: destination))
        case .note(let text):
            try ImportPolicy.checkNote(in: scope)
            try await library.addNote(text)
            return Tally()
        }
    }
}
