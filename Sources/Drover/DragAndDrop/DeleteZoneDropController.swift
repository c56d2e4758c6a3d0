import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The delete zone as a drop target. Photos dragged from the grid and dropped
/// here shrink into the trash icon (DragKit's plan: to 10% on the icon's
/// centre while the icon swells to 1.25 and back), leave the collection, and
/// an Undo toast appears. Drags from other apps are refused (DragKit's rule).
@MainActor
final class DeleteZoneDropController {
    private let zone: DeleteZone
    private let window: MainWindow
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let thumbnails: ThumbnailCache
    private let target = DropTargetAsync(mimeTypes: DragCoordinator.acceptedMimeTypes, valueTypes: [],
                                         actions: .copyOrMove)
    private var session: DropSession?

    init(window: MainWindow, gallery: GalleryController, coordinator: DragCoordinator, thumbnails: ThumbnailCache) {
        zone = window.deleteZone
        self.window = window
        self.gallery = gallery
        self.coordinator = coordinator
        self.thumbnails = thumbnails
        // GTK reports (0, 0) on enter: the zone is judged at the first motion.
        target.onEnter { [weak self] drop, _, _ in self?.enter(drop) ?? .none }
        target.onMotion { [weak self] drop, x, y in self?.hover(drop, at: Point(x: x, y: y)) ?? .none }
        target.onLeave { [weak self] _ in self?.leave() }
        target.onDrop { [weak self] drop, x, y in self?.perform(drop, at: (x, y)) ?? false }
        zone.root.add(target)
    }

    private func enter(_ drop: Drop) -> GdkDragAction {
        let session = coordinator.dropSession(for: drop)
        self.session = session
        return session.enter(.deleteZone).gdkAction(allowed: drop.actions)
    }

    private func hover(_ drop: Drop, at point: Point) -> GdkDragAction {
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = session
        let proposal = session.update(at: point, within: zone.root.size) { _ in .deleteZone }
        zone.setHighlighted(proposal.performsDrop)
        return proposal.operation.gdkAction(allowed: drop.actions)
    }

    private func leave() {
        zone.setHighlighted(false)
        session = nil
    }

    private func perform(_ drop: Drop, at point: (x: Double, y: Double)) -> Bool {
        zone.setHighlighted(false)
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = nil
        session.update(at: Point(x: point.x, y: point.y), within: zone.root.size) { _ in .deleteZone }
        // No tiles: a stack's photo dragged from the viewer, which is no whole tile to delete.
        guard case .moveToTrash = (try? session.performDrop()) ?? .nothing, let tiles = coordinator.current?.tiles,
              !tiles.isEmpty else {
            drop.finish(.none)
            return false
        }
        drop.finish(.copy)
        playShrink(of: tiles, from: point)
        gallery.delete(tiles)
        return true
    }

    private func playShrink(of tiles: [GalleryItem], from point: (x: Double, y: Double)) {
        let layer = window.animations.canvas
        guard let start = zone.root.translate(point.x, point.y, to: layer),
              let iconCenter = zone.icon.translate(Double(DeleteZone.iconSize) / 2, Double(DeleteZone.iconSize) / 2, to: layer)
        else { return }
        let shown = Array(tiles.suffix(DragIconView.maximumCards))
        let plan = Motion.plan(PreviewPlan.deleteZoneDrop(from: Point(x: start.x, y: start.y), previewSize: Size(width: 96, height: 96),
                                                          itemCount: shown.count, iconCenter: Point(x: iconCenter.x, y: iconCenter.y)),
                               named: "delete")
        let textures = shown.map { $0.thumbnailURLs.first.flatMap(thumbnails.cachedTexture(for:)) }
        window.animations.play(plan, textures: textures, onFrame: { [weak zone] plan, time in
            zone?.setIconScale(plan.iconScale(at: time))
        }, completion: { [weak zone] in zone?.setIconScale(1) })
    }
}
