import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The albums sidebar in drag and drop:
/// - photos dragged onto an album row highlight it and are added to it on drop
///   (a copy; Shift makes it a move out of the album they came from);
/// - hovering over a row for about half a second opens that album (spring
///   loading, DragKit's timer), so the drop can land at a place inside it;
/// - album rows themselves can be dragged to reorder the albums.
@MainActor
final class AlbumDropController {
    static let albumMimeType = "application/x-drover-album-id"

    private let sidebar: AlbumSidebar
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let importer: DropImporter
    private let target = DropTargetAsync(mimeTypes: [AlbumDropController.albumMimeType] + DragCoordinator.acceptedMimeTypes,
                                         valueTypes: [gdk_file_list_get_type()],
                                         actions: GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
    private let rowDrags = DragSource()
    private var session: DropSession?
    private let clock = SystemDragClock()
    private lazy var springLoading = DwellTimer<ContainerID>.springLoading(clock: clock)
    private var springTimer: TimerSource?
    private var highlighted: ListBoxRow?
    /// The album row being dragged to a new place, if any.
    private var draggedAlbum: AlbumID?

    init(sidebar: AlbumSidebar, gallery: GalleryController, coordinator: DragCoordinator, importer: DropImporter) {
        self.sidebar = sidebar
        self.gallery = gallery
        self.coordinator = coordinator
        self.importer = importer
        target.onEnter { [weak self] drop, _, _ in
            self?.session = self?.coordinator.dropSession(for: drop)
            return GDK_ACTION_COPY
        }
        target.onMotion { [weak self] drop, x, y in self?.motion(drop, at: Point(x: x, y: y)) ?? GdkDragAction(0) }
        target.onLeave { [weak self] _ in self?.reset() }
        target.onDrop { [weak self] drop, x, y in self?.perform(drop, at: Point(x: x, y: y)) ?? false }
        sidebar.list.add(target)

        rowDrags.setActions(GDK_ACTION_MOVE)
        rowDrags.onPrepare { [weak self] _, y in self?.prepareAlbumDrag(atY: y) }
        rowDrags.onDragEnd { [weak self] _, _ in self?.draggedAlbum = nil }
        sidebar.list.add(rowDrags)
    }

    // MARK: Hover

    private func motion(_ drop: Drop, at point: Point) -> GdkDragAction {
        if draggedAlbum != nil {
            highlight(nil)
            return GDK_ACTION_MOVE
        }
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = session
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        guard let (row, album) = albumRow(atY: point.y) else {
            highlight(nil)
            springLoading.hover(over: ContainerID?.none, at: point)
            session.update(target: .nothing)
            return GdkDragAction(0)
        }
        let proposal = session.update(target: .album(ContainerID(album.rawValue)))
        highlight(proposal.performsDrop ? row : nil)
        if proposal.performsDrop { springLoad(album, at: point) }
        return proposal.operation.gdkAction
    }

    /// Restarts DragKit's spring-loading dwell for `album` (it ignores small
    /// movements) and polls it when it is due.
    private func springLoad(_ album: AlbumID, at point: Point) {
        springLoading.hover(over: ContainerID(album.rawValue), at: point)
        springTimer?.cancel()
        guard let deadline = springLoading.deadline else { return }
        let remaining = (deadline - clock.now).components
        let milliseconds = max(0, Double(remaining.seconds) * 1000 + Double(remaining.attoseconds) / 1e15)
        springTimer = TimerSource.after(milliseconds: UInt32(milliseconds.rounded(.up)) + 1) { [weak self] in
            guard let self, let opened = self.springLoading.poll() else { return }
            self.sidebar.select(.album(id: String(opened.rawValue)))
        }
    }

    private func highlight(_ row: ListBoxRow?) {
        guard row != highlighted else { return }
        if row == nil { gtk_list_box_drag_unhighlight_row(OpaquePointer(sidebar.list.rawPointer)) }
        if let row { gtk_list_box_drag_highlight_row(OpaquePointer(sidebar.list.rawPointer), row.row) }
        highlighted = row
    }

    private func reset() {
        highlight(nil)
        springLoading.stop()
        springTimer?.cancel()
        session = nil
    }

    // MARK: Drop

    private func perform(_ drop: Drop, at point: Point) -> Bool {
        defer { reset() }
        if let album = draggedAlbum {
            moveAlbum(album, toY: point.y)
            drop.finish(GDK_ACTION_MOVE)
            return true
        }
        guard let session = session ?? Optional(coordinator.dropSession(for: drop)), let (_, album) = albumRow(atY: point.y) else {
            drop.finish(GdkDragAction(0))
            return false
        }
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        session.update(target: .album(ContainerID(album.rawValue)))
        guard case .addToAlbum(_, _, let removingFromSource) = (try? session.performDrop()) ?? .nothing else {
            drop.finish(GdkDragAction(0))
            return false
        }
        // Read the in-app drag before finishing: for a local drag, finishing ends it
        // at once (drag-end runs inside gdk_drop_finish and clears `current`).
        let inApp = session.isLocal ? coordinator.current : nil
        drop.finish(GDK_ACTION_COPY)
        if let inApp {
            gallery.add(inApp.photoIDs, toAlbum: album, movingFrom: removingFromSource ? inApp.sourceScope : nil)
        } else {
            importer.importDrop(drop, intoAlbum: album)
        }
        return true
    }

    // MARK: Reordering albums

    private func prepareAlbumDrag(atY y: Double) -> ContentProvider? {
        guard let (_, album) = albumRow(atY: y) else { return nil }
        draggedAlbum = album
        return .bytes(Data(String(album.rawValue).utf8), mimeType: Self.albumMimeType)
    }

    private func moveAlbum(_ album: AlbumID, toY y: Double) {
        let albums = sidebar.albums
        guard let from = albums.firstIndex(where: { $0.id == String(album.rawValue) }) else { return }
        // The row under the pointer, by its midpoint: drop in the lower half to go after it.
        var index = albums.count
        if let row = gtk_list_box_get_row_at_y(OpaquePointer(sidebar.list.rawPointer), Int32(y)) {
            var bounds = graphene_rect_t()
            _ = gtk_widget_compute_bounds(UnsafeMutablePointer(OpaquePointer(row)), sidebar.list.widget, &bounds)
            let rowIndex = Int(gtk_list_box_row_get_index(row)) - 1
            index = max(0, rowIndex + (y > Double(bounds.origin.y + bounds.size.height / 2) ? 1 : 0))
        }
        let destination = index > from ? index - 1 : index
        guard destination != from else { return }
        gallery.moveAlbum(album, to: destination)
    }

    private func albumRow(atY y: Double) -> (ListBoxRow, AlbumID)? {
        guard let pointer = gtk_list_box_get_row_at_y(OpaquePointer(sidebar.list.rawPointer), Int32(y)) else { return nil }
        let index = Int(gtk_list_box_row_get_index(pointer))
        guard index > 0, index - 1 < sidebar.albums.count, let id = Int64(sidebar.albums[index - 1].id) else { return nil }
        return (sidebar.rows[index - 1], AlbumID(rawValue: id))
    }
}
