import DragKit
import Foundation
import GalleryKit
import GtkKit

/// Flocking on the desktop: while a drag that started in Drover rests over
/// another photo for about 0.6 s, that photo joins the drag. A ring fills
/// over the photo meanwhile. DragKit decides (its dwell timer, and the
/// session's rules: no duplicates, only photos); this shows it and adds.
@MainActor
final class DwellFlockingController {
    private let grid: PhotoGrid
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private var flocking: DwellFlocking?
    private var candidate: (id: GalleryItem.ID, index: Int)?
    private var ringTimer: TimerSource?

    init(grid: PhotoGrid, gallery: GalleryController, coordinator: DragCoordinator) {
        self.grid = grid
        self.gallery = gallery
        self.coordinator = coordinator
        coordinator.onDragEnded.append { [weak self] in self?.stop() }
    }

    /// The pointer of the in-app drag rests at `point` on the tile at `index`.
    func hover(over index: Int, at point: Point) {
        guard let drag = coordinator.current else { return stop() }
        if flocking?.session !== drag.session { flocking = DwellFlocking(session: drag.session) }
        guard let flocking else { return }
        let model = gallery.model
        guard let tile = model.item(at: index) else {
            flocking.hover(over: nil, at: point)
            return showRing()
        }
        flocking.hover(over: Self.identity(of: tile), at: point)
        candidate = flocking.candidate == nil ? nil : (tile.id, index)
        showRing()
    }

    func stop() {
        flocking?.stop()
        candidate = nil
        ringTimer?.cancel()
        ringTimer = nil
        grid.setDwell(on: nil, progress: 0)
    }

    /// Runs the ring while a dwell is in progress, and adds the photo when it completes.
    private func showRing() {
        guard let flocking, let candidate else {
            ringTimer?.cancel()
            ringTimer = nil
            grid.setDwell(on: nil, progress: 0)
            return
        }
        grid.setDwell(on: candidate.id.description, progress: flocking.progress)
        guard ringTimer == nil else { return }
        ringTimer = TimerSource.timeout(milliseconds: 16) { [weak self] in
            guard let self, let flocking = self.flocking, let candidate = self.candidate else { return false }
            if flocking.poll() != nil, let tile = self.gallery.model.item(at: candidate.index), tile.id == candidate.id {
                _ = self.coordinator.current?.add(tile, at: candidate.index)
                self.gallery.window.announce("\(tile.title) joined the drag.")
            }
            let progress = flocking.candidate == nil ? 0 : flocking.progress
            self.grid.setDwell(on: flocking.candidate == nil || progress >= 1 ? nil : candidate.id.description,
                               progress: progress)
            if flocking.candidate == nil || progress >= 1 { self.ringTimer = nil; return false }
            return true
        }
    }

    /// What identifies a tile in a drag: its first photo (a stack joins as a
    /// whole when its first photo does), or the note itself.
    static func identity(of tile: GalleryItem) -> LocalObject {
        tile.members.first.map { LocalObject($0.photoID) } ?? LocalObject(tile.id)
    }
}
