import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Everything a drag can do, as commands on the selection (or one tile):
/// copy, cut, paste, move earlier or later, add to or move to an album,
/// delete. The context menu, keyboard shortcuts and each tile's AT-SPI
/// actions all call these, so every drag outcome has a path without a drag.
@MainActor
final class TileCommands {
    private let gallery: GalleryController
    private let importer: DropImporter
    private let coordinator: DragCoordinator
    private var window: MainWindow { gallery.window }
    private var grid: PhotoGrid { gallery.window.grid }
    /// Tiles cut with Ctrl+X: pasting moves them instead of importing copies.
    private var cutTiles: [GalleryItem.ID] = []
    private lazy var exporter = PhotoExporter(window: window, library: gallery.library.location.directory)
    private lazy var openWith = OpenWithApplication(window: window)

    init(gallery: GalleryController, importer: DropImporter, coordinator: DragCoordinator) {
        self.gallery = gallery
        self.importer = importer
        self.coordinator = coordinator
    }

    /// The selected tiles, or the tile at `index` when it is not selected.
    func tiles(around index: Int?) -> [(index: Int, item: GalleryItem)] {
        var indices = grid.selectedIndices
        if let index, !grid.isSelected(index) { indices = [index] }
        return indices.compactMap { i in gallery.model.item(at: i).map { (i, $0) } }
    }

    // MARK: Clipboard

    /// Copying offers what a drag of the same tiles would (the same DragKit items), and the
    /// file list file managers paste.
    func copy(around index: Int?) {
        let picked = tiles(around: index)
        guard !picked.isEmpty else { return }
        cutTiles = []
        Clipboard(for: grid.canvas).setContent(DragContent.provider(for: coordinator.items.make(forDragOf: picked), route: .copy))
        announce(tr("Copied {photos}.", ["photos": Self.noun(picked.map(\.item))]))
    }

    /// Cutting moves the tiles when pasted here; other apps are offered a copy
    /// (`CombinedContent.Route.cut`), so a file manager never moves a library file.
    func cut(around index: Int?) {
        let picked = tiles(around: index)
        guard !picked.isEmpty else { return }
        let items = picked.map(\.item)
        Clipboard(for: grid.canvas).setContent(DragContent.provider(for: coordinator.items.make(forDragOf: picked), route: .cut))
        cutTiles = items.map(\.id)
        announce(tr("Cut {photos}. Paste to move them.", ["photos": Self.noun(items)]))
    }

    /// Pastes at grid `index`: tiles cut here move there; anything else (files
    /// copied in the file manager, images, text, or photos copied here) is
    /// imported through the same pipeline as a drop.
    func paste(at index: Int) {
        let clipboard = Clipboard(for: grid.canvas)
        if clipboard.isLocal, !cutTiles.isEmpty {
            let moving = cutTiles.compactMap { id in
                gallery.model.index(of: id).flatMap { i in gallery.model.item(at: i).map { (index: i, item: $0) } }
            }
            cutTiles = []
            reorder(moving) { $0.choose(.grid(insertionIndex: index)) }
            return
        }
        importer.importDrop(clipboard, at: index, pasted: true)
    }

    // MARK: Moving

    func moveEarlier(around index: Int?) {
        reorder(tiles(around: index), unchanged: tr("Already first.")) { $0.moveSelectionEarlier() }
    }
    func moveLater(around index: Int?) {
        reorder(tiles(around: index), unchanged: tr("Already last.")) { $0.moveSelectionLater() }
    }

    /// Moves tiles as a keyboard drag would: picks them up in DragKit, lets
    /// `choose` move the drop point, and drops. So moving by command follows
    /// the drag rules exactly (a move to where they are changes nothing).
    private func reorder(_ picked: [(index: Int, item: GalleryItem)], unchanged: String = tr("Nothing changed."),
                         choose: (KeyboardDrag) -> Void) {
        guard !picked.isEmpty else { return }
        let session = DragSession(items: picked.flatMap { coordinator.items.make(for: $0.item, at: $0.index) }, origin: .zero)
        let targets = KeyboardDropTargets(gridCount: gallery.model.count, includesDeleteZone: false)
        guard let drag = try? KeyboardDrag(picking: session, targets: targets, rules: coordinator.rules) else { return }
        choose(drag)
        let action = (try? drag.drop()) ?? .nothing
        try? session.end()
        guard case .reorder(let selection, _, let finalIndex) = action else {
            // A sorted grid or search results: say why nothing moved, not that nothing would.
            return announce(drag.proposal.forbiddenReason?.message ?? unchanged)
        }
        gallery.reorder(picked.map(\.item.id), selection: selection, finalIndex: finalIndex)
    }

    // MARK: Albums and deleting

    func add(around index: Int?, toAlbum album: AlbumID, moving: Bool) {
        let photos = tiles(around: index).flatMap { $0.item.members.map(\.photoID) }
        guard !photos.isEmpty else { return }
        gallery.add(photos, toAlbum: album, movingFrom: moving ? gallery.scope : nil)
    }

    func delete(around index: Int?) {
        let items = tiles(around: index).map(\.item)
        guard !items.isEmpty else { return }
        gallery.delete(items)
    }

    // MARK: Rotating

    /// Turns every photo the tiles stand for (a stack's photos too).
    func rotate(around index: Int?, by rotation: PhotoRotation) {
        let photos = tiles(around: index).flatMap { $0.item.members.map(\.photoID) }
        guard !photos.isEmpty else { return }
        gallery.rotate(photos, by: rotation)
    }

    // MARK: Stacks

    /// Stacks the selected photos (or says why not); the first in grid order is the top.
    func stack(around index: Int?) {
        let picked = tiles(around: index).sorted { $0.index < $1.index }.map(\.item)
        guard !picked.isEmpty else { return }
        guard picked.allSatisfy({ $0.kind == .photo }) else {
            return announce(tr("Only single photos can be stacked: unstack a stack first."))
        }
        gallery.stack(picked.flatMap { $0.members.map(\.photoID) })
    }

    /// Unstacks every stack among the tiles.
    func unstack(around index: Int?) {
        let stacks = tiles(around: index).compactMap { tile -> StackID? in
            if case .stack(let id) = tile.item.id { return id } else { return nil }
        }
        guard !stacks.isEmpty else { return announce(tr("Select a stack to unstack it.")) }
        for stack in stacks { gallery.unstack(stack) }
    }

    // MARK: Taking photos out

    /// Export… (Ctrl+E): the selection, or the focused tile when it is not selected (as
    /// Copy takes), into a folder the user chooses, in grid order.
    func export(around index: Int?) {
        let picked = tiles(around: index).sorted { $0.index < $1.index }.map(\.item)
        guard !picked.isEmpty else { return announce(tr("Select photos to export them.")) }
        exporter.export(picked)
    }

    /// Open With…: the tile's photo (a stack's top photo), not the selection: one
    /// application opens one file, as Open shows one photo.
    func openWithApplication(at index: Int) {
        guard let photo = gallery.model.item(at: index)?.members.first else { return }
        openWith.open(photo)
    }

    // MARK: Locations and QR codes

    /// Opens the photo's place in the map application (the `geo:` URI's handler).
    func openInMaps(at index: Int) {
        guard let tile = gallery.model.item(at: index), let location = tile.location else { return }
        Task {
            do {
                try await Launcher.open(location.geoURI)
                announce(tr("Opened {place} in Maps.", ["place": tile.placeName ?? tr("the location")]))
            } catch {
                window.toast.show(tr("No map application could open {address}. Install GNOME Maps to see it on a map.", ["address": location.geoURI]))
            }
        }
    }

    /// Copies the location as a `geo:` URI (text) and as GeoJSON.
    func copyLocation(at index: Int) {
        guard let tile = gallery.model.item(at: index), let location = tile.location else { return }
        let name = tile.placeName ?? tile.title
        Clipboard(for: grid.canvas).setContent(.union([
            .bytes(location.geoJSON(name: name), mimeType: ContentType.geoJSON.mimeType),
            .text(location.geoURI),
        ]))
        announce(tr("Copied the location of {title}: {coordinates}.", ["title": tile.title, "coordinates": location.displayCoordinates]))
    }

    /// Saves each QR code's crop as a PNG in a folder the user chooses.
    func exportQRCodes(at index: Int) {
        guard let tile = gallery.model.item(at: index), let photo = tile.members.first,
              let store = grid.qrCodes else { return }
        FileChooser(title: tr("Export QR Codes"), accept: tr("Export"), parent: window.window, mode: .folder).run { [weak self] folders in
            guard let self, let folder = folders.first else { return }
            Task {
                guard let codes = await store.load(for: photo.photoID, file: photo.fileURL) else {
                    self.window.toast.show(tr("The QR codes of {title} could not be read.", ["title": tile.title]))
                    return
                }
                let crops = codes.crops
                let failed: Int = await Task.detached {
                    var failures = 0
                    for crop in crops {
                        let target = folder.appendingPathComponent(crop.lastPathComponent)
                        if !Self.writeNew(crop, to: target) { failures += 1 }
                    }
                    return failures
                }.value
                let saved = crops.count - failed
                self.window.toast.show(failed == 0 ? ntr("Exported {count} QR code to {folder}.", "Exported {count} QR codes to {folder}.", saved, ["folder": folder.lastPathComponent])
                                       : ntr("Exported {count} QR code; {failed} could not be written (a file with that name may exist).",
                                             "Exported {count} QR codes; {failed} could not be written (a file with that name may exist).",
                                             saved, ["failed": failed]))
            }
        }
    }

    // MARK: Helpers

    /// Copies `source` to `target` without ever leaving a half-written file there
    /// and without overwriting one. (Foundation on Linux traps on the
    /// `[.atomic, .withoutOverwriting]` write options together, so the file is
    /// written beside the target under a hidden name and then moved, which fails
    /// when the target exists.)
    nonisolated static func writeNew(_ source: URL, to target: URL) -> Bool {
        let partial = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).part")
        do {
            try Data(contentsOf: source).write(to: partial)
            try FileManager.default.moveItem(at: partial, to: target)
            return true
        } catch {
            try? FileManager.default.removeItem(at: partial)
            return false
        }
    }

    private func announce(_ message: String) { window.announce(message) }

    /// "1 photo", "3 photos"; "items" when notes are among them.
    static func noun(_ items: [GalleryItem]) -> String {
        let count = items.reduce(0) { $0 + $1.count }
        return items.contains { $0.kind == .note } ? ntr("{count} item", "{count} items", count)
            : GalleryController.noun(count: count)
    }
}
