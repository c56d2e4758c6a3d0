import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

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
                                         valueTypes: [TransferType.fileList],
                                         actions: .copyOrMove)
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
        target.onEnter { [weak self] drop, _, _ in self?.enter(drop) ?? .none }
        target.onMotion { [weak self] drop, x, y in self?.motion(drop, at: Point(x: x, y: y)) ?? .none }
        target.onLeave { [weak self] _ in self?.leave() }
        target.onDrop { [weak self] drop, x, y in self?.perform(drop, at: Point(x: x, y: y)) ?? false }
        grid.canvas.add(target)
    }

    private func enter(_ drop: Drop) -> GdkDragAction {
        let session = coordinator.dropSession(for: drop)
        self.session = session
        return session.enter(.grid).gdkAction(allowed: drop.actions)
    }

    private func motion(_ drop: Drop, at point: Point) -> GdkDragAction {
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = session
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        let adjustment = grid.scrolledWindow.verticalAdjustment
        pointerInView = Point(x: point.x, y: point.y - adjustment.value)
        autoscroll.update(at: point)
        return show(session, at: point).gdkAction(allowed: drop.actions)
    }

    /// The pointer's place in the visible part of the grid: while autoscroll
    /// moves the content under a still pointer, the proposal follows it.
    private var pointerInView: Point?

    private func scrolledUnderPointer() {
        guard let session, let pointerInView else { return }
        let adjustment = grid.scrolledWindow.verticalAdjustment
        show(session, at: Point(x: pointerInView.x, y: pointerInView.y + adjustment.value))
    }

    /// Computes DragKit's proposal at `point` and shows it: a gap where it
    /// inserts, or the flocking ring (and no gap) where it rests on a photo.
    @discardableResult
    private func show(_ session: DropSession, at point: Point) -> DropOperation {
        let proposal = session.update(at: point, within: grid.canvas.size) { dropTarget(at: $0) }
        showHint(for: proposal)
        switch proposal.intent {
        case .flockOnto(let index):
            flocking.hover(over: index, at: point)
            grid.showGap(at: nil)
        case .insertAt(let index) where proposal.performsDrop:
            flocking.stop()
            grid.showGap(at: index)
        default:
            flocking.stop()
            grid.showGap(at: nil)
        }
        return proposal.operation
    }

    /// A sorted grid or search results have no gap to show: a hint says what a drop does
    /// instead (adds photos) or why it does nothing (photos are not rearranged there).
    private func showHint(for proposal: DropProposal?) {
        let name = gallery.arrangement.viewName
        let hint: String? = switch proposal {
        case let proposal? where proposal.intent == .addInGridOrder: tr("{view}: drop adds photos", ["view": name])
        case let proposal? where proposal.forbiddenReason == .gridIsArranged: tr("{view}: photos can’t be rearranged here", ["view": name])
        default: nil
        }
        let label = gallery.window.dropHint
        if let hint, label.text != hint { label.text = hint }
        if label.isVisible != (hint != nil) { label.isVisible = hint != nil }
    }

    private func dropTarget(at point: Point) -> DropTarget {
        .grid(at: point, in: grid.geometry, count: gallery.model.count, isScrolling: autoscroll.isScrolling)
    }

    private func leave() {
        autoscroll.stop()
        flocking.stop()
        grid.showGap(at: nil)
        showHint(for: nil)
        session = nil
    }

    private func perform(_ drop: Drop, at point: Point) -> Bool {
        // X11 sends no leave on drop: close the gap and stop the dwell here.
        grid.showGap(at: nil)
        showHint(for: nil)
        flocking.stop()
        autoscroll.stop()
        let session = self.session ?? coordinator.dropSession(for: drop)
        self.session = nil
        session.modifiers = DropModifiers(gdkState: target.currentModifiers)
        session.update(at: point, within: grid.canvas.size) { dropTarget(at: $0) }
        let action: DropAction
        do { action = try session.performDrop() } catch { action = .nothing }
        switch action {
        case .reorder(let selection, _, let finalIndex):
            if let tiles = coordinator.current?.tileIDs {
                gallery.reorder(tiles, selection: selection, finalIndex: finalIndex)
            }
            drop.finish(.copy)
            return true
        case .insertCopies(_, let index):
            importer.importDrop(drop, at: index)
            return true
        case .nothing, .addToAlbum, .moveToTrash, .reorderContainers, .makeAlbums:
            drop.finish(.none)
            return false
        }
    }
}
