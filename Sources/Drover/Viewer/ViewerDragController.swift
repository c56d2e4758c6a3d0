import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// The viewer as a drag source and a drop target, by the grid's rules. Dragging the
/// photo on show carries what dragging its tile carries (`DragItems`, COPY only to the
/// outside, an in-app drag to the albums and the delete zone); a zoomed photo pans
/// instead (`PhotoViewer`). What is dropped on the viewer goes right after the photo on
/// show (DragKit's `.viewer` target), through the same importer as a drop on the grid.
@MainActor
final class ViewerDragController {
    private let viewer: ViewerController
    private let page: PhotoViewer
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let importer: DropImporter
    private let icon: DragIconView
    private let source = DragSource()
    private let target = DropTargetAsync(mimeTypes: DragCoordinator.acceptedMimeTypes,
                                         valueTypes: [TransferType.fileList],
                                         actions: .copyOrMove)
    private var lifted: (tile: GalleryItem, items: [DragItem], origin: Point, cover: URL?)?
    private var session: DropSession?

    init(viewer: ViewerController, page: PhotoViewer, gallery: GalleryController, coordinator: DragCoordinator,
         importer: DropImporter, thumbnails: ThumbnailCache) {
        self.viewer = viewer
        self.page = page
        self.gallery = gallery
        self.coordinator = coordinator
        self.importer = importer
        icon = DragIconView(thumbnails: thumbnails)
        // COPY only: a file manager must never move a photo out of the library.
        source.setActions(.copy)
        source.onPrepare { [weak self] x, y in self?.prepare(at: Point(x: x, y: y)) }
        source.onDragBegin { [weak self] drag in
            DragTestSettings.log("drag began")
            self?.begin(drag)
        }
        source.onDragEnd { [weak self] _, _ in self?.end() }
        page.canvas.add(source)

        target.onEnter { [weak self] drop, _, _ in self?.enter(drop) ?? .none }
        target.onMotion { [weak self] drop, _, _ in self?.hover(drop) ?? .none }
        target.onLeave { [weak self] _ in self?.leave() }
        target.onDrop { [weak self] drop, _, _ in self?.perform(drop) ?? false }
        page.canvas.add(target)
    }

    // MARK: Dragging the photo out

    private func prepare(at point: Point) -> ContentProvider? {
        lifted = nil
        // A zoomed photo pans under the pointer; only a photo on show whole is dragged.
        guard !page.zoom.canPan, !page.isPanning, page.hasPicture, let (tile, entry, member) = viewer.currentTile else { return nil }
        let items = coordinator.items.make(forViewing: member, of: tile, at: entry)
        let cover = tile.covers.first { $0.photoID == member.photoID }?.thumbnailURL
        lifted = (tile, items, point, cover)
        return DragContent.provider(for: items)
    }

    private func begin(_ drag: Drag) {
        guard let lifted else { return }
        let session = DragSession(items: lifted.items, origin: lifted.origin)
        try? session.beginDragging()
        // The albums and the delete zone act on whole tiles: a stack's photo on show is
        // no whole tile, so for them it is a drag of its photo alone (albums take it; the
        // delete zone, which deletes tiles, gets none).
        let tiles = lifted.tile.members.count == 1 ? [lifted.tile] : []
        coordinator.begin(DragCoordinator.InAppDrag(session: session, gdkDrag: drag.drag, sourceScope: gallery.scope, coordinator: coordinator,
                                                    tiles: tiles))
        icon.show(covers: lifted.cover.map { [$0] } ?? [], count: 1)
        drag.setIcon(icon.fan)
        drag.setHotspot(x: DragIconView.size / 2, y: DragIconView.size / 2)
    }

    private func end() {
        if let session = coordinator.current?.session, session.phase != .ended {
            if session.phase == .dragging { try? session.cancel() }
            try? session.end()
        }
        lifted = nil
        coordinator.end()
    }

    // MARK: Dropping onto the viewer

    private var dropTarget: DropTarget {
        viewer.currentTile.map { .viewer(showingEntry: $0.entry) } ?? .nothing
    }

    private func enter(_ drop: Drop) -> GdkDragAction {
        let session = coordinator.dropSession(for: drop)
        self.session = session
        return session.enter(.viewer).gdkAction(allowed: drop.actions)
    }

    private func hover(_ drop: Drop) -> GdkDragAction {
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = session
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        let proposal = session.update(target: dropTarget)
        page.root.setCSSClass("drop-target", proposal.performsDrop)
        return proposal.operation.gdkAction(allowed: drop.actions)
    }

    private func leave() {
        page.root.setCSSClass("drop-target", false)
        session = nil
    }

    private func perform(_ drop: Drop) -> Bool {
        page.root.setCSSClass("drop-target", false)
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = nil
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        session.update(target: dropTarget)
        let action: DropAction
        do { action = try session.performDrop() } catch { action = .nothing }
        switch action {
        case .insertCopies(_, let index):
            importer.importDrop(drop, at: index)
            let title = viewer.currentTile?.member.title ?? tr("this photo")
            gallery.window.announce(tr("Importing after “{title}”: the next photo is the first one dropped.", ["title": title]))
            return true
        case .reorder(let selection, _, let finalIndex):
            if let tiles = coordinator.current?.tileIDs, !tiles.isEmpty {
                gallery.reorder(tiles, selection: selection, finalIndex: finalIndex)
            }
            drop.finish(.copy)
            return true
        case .nothing, .addToAlbum, .moveToTrash, .reorderContainers, .makeAlbums:
            drop.finish(.none)
            return false
        }
    }
}
