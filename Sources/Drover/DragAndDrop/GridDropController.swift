import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The grid as a drop target. Every motion asks DragKit for the proposal at
/// the pointer (an in-app drag reorders, anything else copies in) and shows
/// it as a gap; the drop then reorders or hands the data to the importer.
/// The rules are DragKit's: this class only translates.
@MainActor
final class GridDropController {
    private let grid: PhotoGrid
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let importer: DropImporter
    private let target = DropTargetAsync(mimeTypes: DragCoordinator.acceptedMimeTypes,
                                         valueTypes: [gdk_file_list_get_type()],
                                         actions: GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
    private var session: DropSession?
    private let flocking: DwellFlockingController
    private let autoscroll: EdgeAutoscroll

    init(grid: PhotoGrid, gallery: GalleryController, coordinator: DragCoordinator, importer: DropImporter) {
        self.grid = grid
        self.gallery = gallery
        self.coordinator = coordinator
        self.importer = importer
        flocking = DwellFlockingController(grid: grid, gallery: gallery, coordinator: coordinator)
        autoscroll = EdgeAutoscroll(grid: grid)
        autoscroll.onScroll = { [weak self] in self?.scrolledUnderPointer() }
        coordinator.onDragEnded.append { [weak self] in self?.autoscroll.stop() }
        // GTK reports (0, 0) on enter: wait for the first motion to place the gap.
        target.onEnter { [weak self] drop, _, _ in self?.enter(drop) ?? GdkDragAction(0) }
        target.onMotion { [weak self] drop, x, y in self?.motion(drop, at: Point(x: x, y: y)) ?? GdkDragAction(0) }
        target.onLeave { [weak self] _ in self?.leave() }
        target.onDrop { [weak self] drop, x, y in self?.perform(drop, at: Point(x: x, y: y)) ?? false }
        grid.canvas.add(target)
    }

    private func enter(_ drop: Drop) -> GdkDragAction {
        let session = coordinator.dropSession(for: drop)
        self.session = session
        return session.canLoad(anyOf: DragCoordinator.rules.importableTypes) ? GDK_ACTION_COPY : GdkDragAction(0)
    }

    private func motion(_ drop: Drop, at point: Point) -> GdkDragAction {
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = session
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        let adjustment = grid.scrolledWindow.verticalAdjustment
        pointerInView = Point(x: point.x, y: point.y - adjustment.value)
        autoscroll.update(at: point)
        return show(session, at: point)
    }

    /// The pointer's place in the visible part of the grid: while autoscroll
    /// moves the content under a still pointer, the proposal follows it.
    private var pointerInView: Point?

    private func scrolledUnderPointer() {
        guard let session, let pointerInView else { return }
        let adjustment = grid.scrolledWindow.verticalAdjustment
        _ = show(session, at: Point(x: pointerInView.x, y: pointerInView.y + adjustment.value))
    }

    /// Computes DragKit's proposal at `point` and shows it (gap, flocking ring).
    private func show(_ session: DropSession, at point: Point) -> GdkDragAction {
        let proposal = session.update(target: .grid(at: point, in: grid.geometry, count: gallery.model.count))
        // An in-app drag resting on the middle of another photo is about that
        // photo (it may join the drag), so no gap opens there.
        // Not while scrolling: the photos pass under the pointer, nobody rests on them.
        let restingOn = session.isLocal && !autoscroll.isScrolling ? grid.tileCentre(at: point) : nil
        let restsOnTile = restingOn != nil
        if let restingOn { flocking.hover(over: restingOn, at: point) } else { flocking.stop() }
        if case .insertAt(let index) = proposal.intent, proposal.performsDrop, !restsOnTile {
            grid.showGap(at: index)
        } else {
            grid.showGap(at: nil)
        }
        return proposal.operation.gdkAction
    }

    private func leave() {
        autoscroll.stop()
        flocking.stop()
        grid.showGap(at: nil)
        session = nil
    }

    private func perform(_ drop: Drop, at point: Point) -> Bool {
        // X11 sends no leave on drop: close the gap and stop the dwell here.
        grid.showGap(at: nil)
        flocking.stop()
        autoscroll.stop()
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = nil
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        session.update(target: .grid(at: point, in: grid.geometry, count: gallery.model.count))
        let action: DropAction
        do { action = try session.performDrop() } catch { action = .nothing }
        switch action {
        case .reorder(let selection, let insertionIndex, _):
            if let tiles = coordinator.current?.tileIDs {
                gallery.reorder(tiles, selection: selection, insertionIndex: insertionIndex)
            }
            drop.finish(GDK_ACTION_COPY)
            return true
        case .insertCopies(_, let index):
            importer.importDrop(drop, at: index)
            return true
        case .nothing, .addToAlbum, .moveToTrash:
            drop.finish(GdkDragAction(0))
            return false
        }
    }
}
