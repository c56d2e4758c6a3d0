import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Drag and drop from the keyboard (Ctrl+D, or a tile's "Move with
/// Keyboard…" action): the selection is picked up, arrows move the drop point
/// in the grid, Tab and Shift+Tab go to the album rows and the delete zone,
/// Enter drops (Shift+Enter moves, like Shift during a pointer drop) and
/// Escape cancels. DragKit's keyboard drag gives the same
/// proposals a pointer would get over the same targets; this shows them with
/// the same gap and highlights, and announces each one.
@MainActor
final class KeyboardDragController {
    private let window: MainWindow
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let keys = KeyController()
    private var drag: KeyboardDrag?
    private var tiles: [GalleryItem] = []

    init(window: MainWindow, gallery: GalleryController, coordinator: DragCoordinator) {
        self.window = window
        self.gallery = gallery
        self.coordinator = coordinator
        keys.setPropagationPhase(GTK_PHASE_CAPTURE)
        keys.onKeyPressed { [weak self] keyval, modifiers in self?.key(keyval, modifiers: modifiers) ?? false }
        window.window.add(keys)
    }

    var isActive: Bool { drag != nil }

    /// Picks up the selection (or the tile at `index` when it is not selected).
    func start(around index: Int, commands: TileCommands) {
        let picked = commands.tiles(around: index)
        guard !picked.isEmpty else { return }
        let session = DragSession(items: picked.flatMap { coordinator.items.make(for: $0.item, at: $0.index) }, origin: .zero)
        let targets = KeyboardDropTargets(gridCount: gallery.model.count,
                                          albums: gallery.albums.map { ContainerID($0.id.rawValue) })
        guard let drag = try? KeyboardDrag(picking: session, targets: targets, rules: coordinator.rules) else { return }
        self.drag = drag
        tiles = picked.map(\.item)
        window.grid.setDragged(Set(tiles.map { $0.id.description }))
        show(drag.proposal, prefix: tr("Picked up {photos}. Arrows move, Tab changes target, Enter drops, Escape cancels.", ["photos": TileCommands.noun(tiles)]) + " ")
    }

    private func key(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard let drag else { return false }
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let columns = window.grid.geometry.columns
        switch Int32(keyval) {
        // The drop point moves the way the arrow points, also right to left (the grid's geometry says).
        case GDK_KEY_Left: show(drag.moveInsertionPoint(by: window.grid.geometry.direction.indexStep(rightArrow: false)))
        case GDK_KEY_Right: show(drag.moveInsertionPoint(by: window.grid.geometry.direction.indexStep(rightArrow: true)))
        case GDK_KEY_Up: show(drag.moveInsertionPoint(by: -columns))
        case GDK_KEY_Down: show(drag.moveInsertionPoint(by: columns))
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab: show(shift || Int32(keyval) == GDK_KEY_ISO_Left_Tab ? drag.previousTarget() : drag.nextTarget())
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space:
            // Shift+Enter is the keyboard's Shift-drop: a move instead of a copy.
            drag.dropSession.modifiers = DropModifiers(gdkState: modifiers)
            finish(drop: true)
        case GDK_KEY_Escape: finish(drop: false)
        default: return true  // Other keys do nothing while a keyboard drag is on.
        }
        return true
    }

    private func finish(drop: Bool) {
        guard let drag else { return }
        let proposal = drag.proposal
        let target = drag.target
        let action: DropAction = drop ? ((try? drag.drop()) ?? .nothing) : .nothing
        if !drop { try? drag.cancel() }
        try? drag.dragSession.end()
        self.drag = nil
        clearFeedback()
        window.sidebarFold.dragEnded()
        window.grid.setDragged([])
        switch action {
        case .reorder(let selection, _, let finalIndex):
            gallery.reorder(tiles.map(\.id), selection: selection, finalIndex: finalIndex)
        case .addToAlbum(let album, let items, let moving):
            // DragKit's items: without the photos the album holds already.
            gallery.add(items.compactMap { $0.localObject?.value(as: PhotoID.self) }, toAlbum: AlbumID(rawValue: album.rawValue),
                        movingFrom: moving ? gallery.scope : nil, alreadyThere: moving ? 0 : proposal.alreadyInTarget)
        case .moveToTrash:
            gallery.delete(tiles)
        case .insertCopies, .reorderContainers, .makeAlbums, .nothing:
            if drop, proposal.isNoChange, case .album(let album) = target {
                window.announce(tr("Already in {album}. Nothing changed.", ["album": albumName(album)]))
            } else {
                window.announce(drop ? tr("Nothing changed.") : tr("Cancelled. Nothing changed."))
            }
        }
        tiles = []
    }

    /// Shows the proposal as a pointer drag would (gap, row highlight, delete
    /// zone highlight) and announces it.
    private func show(_ proposal: DropProposal, prefix: String = "") {
        clearFeedback()
        guard let drag else { return }
        switch drag.target {
        case .grid(let index):
            window.grid.showGap(at: proposal.isNoChange ? nil : index)
            window.grid.scrollIntoView(min(index, max(0, gallery.model.count - 1)))
        case .album(let album):
            // In a narrow window the album rows are in the folded sidebar: open it.
            window.sidebarFold.openForDrag()
            if let row = albumRow(album) { window.sidebar.list.dragHighlight(row) }
        case .deleteZone:
            window.deleteZone.setHighlighted(true)
        case .nothing, .gridTile, .albumList, .viewer, .newAlbum:
            break  // A keyboard drag never rests on a photo, carries albums or runs in the viewer.
        }
        if case .album = drag.target {} else { window.sidebarFold.dragEnded() }
        window.announce(prefix + describe(proposal, target: drag.target))
    }

    private var picked: Int { drag?.dragSession.items.count ?? 0 }

    private func albumName(_ album: ContainerID) -> String {
        gallery.albums.first { $0.id.rawValue == album.rawValue }?.name ?? "the album"
    }

    private func clearFeedback() {
        window.grid.showGap(at: nil)
        window.sidebar.list.dragHighlight(nil)
        window.deleteZone.setHighlighted(false)
    }

    private func albumRow(_ album: ContainerID) -> ListBoxRow? {
        guard let index = window.sidebar.albums.firstIndex(where: { $0.id == String(album.rawValue) }) else { return nil }
        return window.sidebar.rows[index]
    }

    /// The proposal in words, as the issue asks: "Move 3 photos into Holidays".
    private func describe(_ proposal: DropProposal, target: DropTarget) -> String {
        let noun = TileCommands.noun(tiles)
        if proposal.isNoChange, case .album(let album) = target { return tr("Already in {album}.", ["album": albumName(album)]) }
        if proposal.isNoChange { return tr("Dropping here changes nothing.") }
        if let reason = proposal.forbiddenReason { return reason.message }
        switch target {
        case .grid(let index):
            // Say where the photos end up, with the gaps they leave closed.
            guard let drag else { return "" }
            return tr("Move {photos} to position {position}.", ["photos": noun, "position": drag.dragSession.selection.finalIndex(forInsertionIndex: index) + 1])
        case .album(let album):
            let name = albumName(album)
            if proposal.operation == .move { return tr("Move {photos} into {album}.", ["photos": noun, "album": name]) }
            let adding = picked - proposal.alreadyInTarget
            guard proposal.alreadyInTarget > 0 else { return tr("Add {photos} to {album}.", ["photos": noun, "album": name]) }
            return ntr("Add {photos} to {album}; {count} already there.", "Add {photos} to {album}; {count} already there.",
                       proposal.alreadyInTarget, ["photos": GalleryController.noun(count: adding), "album": name])
        case .deleteZone: return gallery.scope == .allPhotos ? tr("Delete {photos}.", ["photos": noun]) : tr("Remove {photos} from this album.", ["photos": noun])
        case .nothing, .gridTile, .albumList, .viewer, .newAlbum: return tr("No target.")
        }
    }
}
