import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The drag in progress that started in this window, if any. Every drop
/// target (grid, album rows, delete zone) asks it whether a drop is in-app,
/// and builds its DragKit drop session from it, so all targets follow one
/// set of rules.
@MainActor
final class DragCoordinator {
    /// An in-app drag: DragKit's session, the GDK drag that carries it, and
    /// the tiles it was lifted from.
    @MainActor
    final class InAppDrag {
        let session: DragSession
        let gdkDrag: OpaquePointer
        let sourceScope: CollectionScope
        /// The dragged tiles, in order, with their photos.
        private(set) var tiles: [GalleryItem]
        /// Makes the items of a tile that joins the drag.
        private let coordinator: DragCoordinator

        init(session: DragSession, gdkDrag: OpaquePointer, sourceScope: CollectionScope, coordinator: DragCoordinator,
             tiles: [GalleryItem]) {
            self.session = session
            self.gdkDrag = gdkDrag
            self.sourceScope = sourceScope
            self.tiles = tiles
            self.coordinator = coordinator
        }

        var tileIDs: [GalleryItem.ID] { tiles.map(\.id) }
        var photoIDs: [PhotoID] { session.items.compactMap { $0.localObject?.value(as: PhotoID.self) } }
        var fileURLs: [URL] { tiles.flatMap { $0.members.map(\.fileURL) } }

        /// Flocking: adds a tile's photos to the drag (DragKit refuses duplicates).
        func add(_ tile: GalleryItem, at index: Int) -> Bool {
            // The tile is listed first, so observers of the item count (the drag
            // icon, the faded tiles) already see it.
            tiles.append(tile)
            let joined = session.add(coordinator.items.make(for: tile, at: index))
            if joined.isEmpty { tiles.removeLast() }
            return !joined.isEmpty
        }
    }

    /// What the gallery shows now, as drags and drops need it (kept by `GalleryController`).
    let context: DragContext
    private(set) var current: InAppDrag?
    /// Called when any in-app drag ends, however it ended.
    var onDragEnded: [() -> Void] = []

    init(context: DragContext) {
        self.context = context
    }

    func begin(_ drag: InAppDrag) { current = drag }

    func end() {
        current = nil
        onDragEnded.forEach { $0() }
    }

    /// The drag over a target as DragKit sees it: this window's drag, or one
    /// from elsewhere, as an item whose representations read the drop.
    func dropSession(for drop: Drop) -> DropSession {
        if let current, drop.localDrag == current.gdkDrag {
            return DropSession(local: current.session, rules: rules)
        }
        return DropSession(external: [ReaderItem.make(reading: drop)],
                          offering: DragOperations(gdkActions: drop.actions), rules: rules)
    }

    /// What Drover takes in: its own photos, files, a browser's image by its
    /// web address (the original file) or as typeless original bytes (Chromium),
    /// images of any type GTK can decode (a browser's re-encoded copy), and text
    /// (which becomes a note: the last resort, a web address when no image can be had).
    /// The grid's order comes from `context` (sorted or searched: `.arranged`), as it is
    /// when the drop session or keyboard drag starts.
    var rules: DropRules {
        DropRules(importableTypes: [.photoID, .uriList, .webImage, .octetStream, .anyImage, .anyText],
                  gridOrder: context.gridOrder)
    }

    /// The DragKit items of tiles, knowing the albums the sidebar lists now.
    var items: DragItems { DragItems(albumIDsByName: context.albumIDsByName) }

    /// The formats drop targets register for, in order of preference: the same
    /// types as `rules`, spelled out for GTK (which takes no patterns), from the
    /// type table. A web image comes as a file list or Firefox's `text/x-moz-url`.
    static let acceptedMimeTypes = ([.photoID, .uriList, .mozURL, .octetStream] + ContentType.images
        + [.plainText, .anyText]).map(\.mimeType)
}

extension DragOperations {
    init(gdkActions: GdkDragAction) {
        self = []
        if gdkActions.contains(GdkDragAction.copy) { insert(.copy) }
        if gdkActions.contains(GdkDragAction.move) { insert(.move) }
    }
}

extension DropOperation {
    /// The action to report to GDK, among the drag's `allowed` ones now. A move is MOVE
    /// where the drag allows it: with Shift held GDK allows nothing else, so an in-app
    /// Shift-drag into an album needs it (DragKit proposes a move only for Drover's own
    /// photos, and Drover does the moving; a drag of Drover's offers other apps only copies,
    /// `LeavingFiles`). Otherwise COPY, so another app's source never deletes its files.
    func gdkAction(allowed: GdkDragAction) -> GdkDragAction {
        switch self {
        case .copy: .copy
        case .move: allowed.contains(GdkDragAction.move) ? .move : .copy
        case .cancel, .forbidden: .none
        }
    }
}

extension DropModifiers {
    init(gdkState: GdkModifierType) {
        self = []
        if gdkState.rawValue & GDK_SHIFT_MASK.rawValue != 0 { insert(.shift) }
        if gdkState.rawValue & GDK_CONTROL_MASK.rawValue != 0 { insert(.control) }
    }

    /// The modifiers at a drop: the event's, and Shift when the drag allows MOVE alone.
    /// An X11 drop event carries no modifiers, but GDK has already turned Shift into
    /// exactly that (gdk_drag_get_current_actions), so it is read from the actions.
    init(droppedWith gdkState: GdkModifierType, allowed: GdkDragAction) {
        self.init(gdkState: gdkState)
        if allowed == .move { insert(.shift) }
    }
}
