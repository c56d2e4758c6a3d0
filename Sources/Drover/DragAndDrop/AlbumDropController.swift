import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// The albums sidebar in drag and drop:
/// - photos dragged onto an album row highlight it and are added to it on drop
///   (a copy; Shift makes it a move out of the album they came from);
/// - hovering over a row for about half a second opens that album (spring
///   loading, DragKit's timer), so the drop can land at a place inside it;
/// - album rows themselves can be dragged to reorder the albums;
/// - a file manager's folders dragged below the rows make albums: a "New Album" place
///   shows there while such a drag is over the list, highlighted when the drop would
///   land on it (`DropImporter.makeAlbums`).
@MainActor
final class AlbumDropController {
    private let sidebar: AlbumSidebar
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let importer: DropImporter
    private let target = DropTargetAsync(mimeTypes: [ContentType.albumID.mimeType] + DragCoordinator.acceptedMimeTypes,
                                         valueTypes: [TransferType.fileList],
                                         actions: .copyOrMove)
    private let rowDrags = DragSource()
    private var session: DropSession?
    private let clock = SystemDragClock()
    private lazy var springLoading = DwellWatch(DwellTimer<ContainerID>.springLoading(clock: clock, delay: DragTestSettings.springLoadingDelay), clock: clock)
    private var highlighted: ListBoxRow?
    /// The drag of an album row to a new place, if one is in progress: DragKit's
    /// session, whose one item stands for the album (`ContainerID`), and the
    /// GDK drag that carries it (so no other drag is taken for it).
    private var albumDrag: (session: DragSession, gdkDrag: OpaquePointer?)?

    init(sidebar: AlbumSidebar, gallery: GalleryController, coordinator: DragCoordinator, importer: DropImporter) {
        self.sidebar = sidebar
        self.gallery = gallery
        self.coordinator = coordinator
        self.importer = importer
        target.onEnter { [weak self] drop, _, _ in self?.enter(drop) ?? .none }
        target.onMotion { [weak self] drop, x, y in self?.motion(drop, at: Point(x: x, y: y)) ?? .none }
        target.onLeave { [weak self] _ in self?.reset() }
        target.onDrop { [weak self] drop, x, y in self?.perform(drop, at: Point(x: x, y: y)) ?? false }
        sidebar.list.add(target)
        springLoading.onDwell = { [weak self] album in self?.sidebar.select(.album(id: String(album.rawValue))) }

        rowDrags.setActions(.move)
        rowDrags.onPrepare { [weak self] _, y in self?.prepareAlbumDrag(atY: y) }
        rowDrags.onDragBegin { [weak self] drag in
            DragTestSettings.log("drag began")
            self?.albumDrag?.gdkDrag = drag.drag
        }
        rowDrags.onDragEnd { [weak self] _, _ in
            try? self?.albumDrag?.session.end()
            self?.albumDrag = nil
        }
        sidebar.list.add(rowDrags)
    }

    /// The list as DragKit sees it: "All Photos", then the albums.
    private var albumList: AlbumList {
        AlbumList(albums: sidebar.albums.map { ContainerID(Int64($0.id) ?? -1) }, leadingRows: 1)
    }

    /// The drag over the list: an album row being reordered, or whatever the
    /// window's coordinator says (photos from the grid, or another app's drag).
    private func dropSession(for drop: Drop) -> DropSession {
        if let albumDrag, albumDrag.gdkDrag != nil, drop.localDrag == albumDrag.gdkDrag {
            return DropSession(local: albumDrag.session, rules: coordinator.rules)
        }
        return coordinator.dropSession(for: drop)
    }

    /// DragKit's target under `point`: an album row for photos, a place
    /// between rows for an album row.
    private func dropTarget(at point: Point, for session: DropSession) -> DropTarget {
        albumList.target(at: spot(atY: point.y), reordering: session.carriesContainers)
    }

    /// The row under `y` and how far down it `y` is: all the list's geometry
    /// that DragKit needs.
    private func spot(atY y: Double) -> AlbumList.Spot {
        guard let row = sidebar.list.row(atY: y), row.widget != sidebar.newAlbumDropRow.widget else { return .belowRows }
        let bounds = row.bounds(in: sidebar.list)
        let height = bounds?.height ?? 0
        let fraction = height > 0 ? (y - (bounds?.y ?? 0)) / height : 0
        return .row(row.index, fraction: fraction)
    }

    /// An album row's drag offers only MOVE (it has no data a target could
    /// delete); photos as `DropOperation.gdkAction` says.
    private func gdkAction(_ operation: DropOperation, for session: DropSession, allowed: GdkDragAction) -> GdkDragAction {
        guard session.carriesContainers else { return operation.gdkAction(allowed: allowed) }
        return operation.gdkAction(allowed: allowed) == .none ? .none : .move
    }

    // MARK: Hover

    private func enter(_ drop: Drop) -> GdkDragAction {
        let session = dropSession(for: drop)
        self.session = session
        // The place below the rows shows only for a drag that can make albums there.
        sidebar.newAlbumDropRow.isVisible = session.proposal(for: .newAlbum).performsDrop
        return gdkAction(session.enter(.albumList), for: session, allowed: drop.actions)
    }

    private func motion(_ drop: Drop, at point: Point) -> GdkDragAction {
        let session = self.session ?? dropSession(for: drop)
        self.session = session
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        let proposal = session.update(at: point, within: sidebar.list.size) { dropTarget(at: $0, for: session) }
        if case .insertInto(let album) = proposal.intent, proposal.performsDrop {
            highlight(row(of: album))
            // Spring loading: DragKit's dwell (it ignores small movements) opens the album.
            springLoading.hover(over: album, at: point)
        } else if proposal.intent == .newContainer, proposal.performsDrop {
            highlight(sidebar.newAlbumDropRow)
            springLoading.hover(over: ContainerID?.none, at: point)
        } else {
            highlight(nil)
            springLoading.hover(over: ContainerID?.none, at: point)
        }
        return gdkAction(proposal.operation, for: session, allowed: drop.actions)
    }

    private func row(of album: ContainerID) -> ListBoxRow? {
        albumList.albums.firstIndex(of: album).map { sidebar.rows[$0] }
    }

    private func highlight(_ row: ListBoxRow?) {
        guard row != highlighted else { return }
        sidebar.list.dragHighlight(row)
        highlighted = row
    }

    private func reset() {
        highlight(nil)
        sidebar.newAlbumDropRow.isVisible = false
        springLoading.stop()
        session = nil
    }

    // MARK: Drop

    private func perform(_ drop: Drop, at point: Point) -> Bool {
        defer { reset() }
        let session = self.session ?? dropSession(for: drop)
        session.modifiers = DropModifiers(droppedWith: target.currentModifiers, allowed: drop.actions)
        session.update(at: point, within: sidebar.list.size) { dropTarget(at: $0, for: session) }
        switch (try? session.performDrop()) ?? .nothing {
        case .reorderContainers(_, _, let finalIndex):
            if let album = session.items.first?.localObject?.value(as: ContainerID.self) {
                gallery.moveAlbum(AlbumID(rawValue: album.rawValue), to: finalIndex)
            }
            drop.finish(.move)
            return true
        case .addToAlbum(let container, let items, let removingFromSource):
            let album = AlbumID(rawValue: container.rawValue)
            // Read the in-app drag before finishing: for a local drag, finishing ends it
            // at once (drag-end runs inside gdk_drop_finish and clears `current`).
            if session.isLocal, let inApp = coordinator.current {
                drop.finish(.copy)
                // Adding: DragKit's items, without the photos the album holds already.
                let photos = removingFromSource ? inApp.photoIDs : items.compactMap { $0.localObject?.value(as: PhotoID.self) }
                gallery.add(photos, toAlbum: album, movingFrom: removingFromSource ? inApp.sourceScope : nil,
                            alreadyThere: removingFromSource ? 0 : session.proposal.alreadyInTarget)
            } else {
                // From another app: the importer finishes the drop once it has read it.
                importer.importDrop(drop, intoAlbum: album)
            }
            return true
        case .makeAlbums:
            // Always from another app: the importer finishes the drop once it has read it.
            importer.makeAlbums(from: drop)
            return true
        case .nothing, .reorder, .insertCopies, .moveToTrash:
            if session.proposal.isNoChange, case .album(let album) = session.target,
               let name = gallery.albums.first(where: { $0.id.rawValue == album.rawValue })?.name {
                gallery.window.announce(tr("Already in {album}. Nothing changed.", ["album": name]))
            }
            drop.finish(.none)
            return false
        }
    }

    // MARK: Reordering albums

    /// Starts dragging the album row under `y`: a DragKit session of one item
    /// that stands for the album and knows its place among the albums. The
    /// same item is what GTK carries (its id, in Drover's private album type).
    private func prepareAlbumDrag(atY y: Double) -> ContentProvider? {
        let list = albumList
        guard case .row(let row, _) = spot(atY: y), let index = list.albumIndex(atRow: row) else { return nil }
        let album = list.albums[index]
        var provider = ItemProvider()
        provider.register(.albumID) { _ in Data(String(album.rawValue).utf8) }
        let item = DragItem(provider: provider, localObject: LocalObject(album), sourceIndex: index)
        let session = DragSession(items: [item], origin: Point(x: 0, y: y))
        try? session.beginDragging()
        albumDrag = (session, nil)
        return DragContent.provider(for: [item])
    }
}
