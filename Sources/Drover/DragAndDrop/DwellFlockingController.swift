import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Flocking on the desktop: while a drag that started in Drover rests over
/// another photo for about 0.6 s, that photo joins the drag. A ring fills
/// over the photo meanwhile. DragKit decides (its dwell timer, and the
/// session's rules: no duplicates, only photos); this shows it and adds.
///
/// The grid's frame clock drives the dwell: each frame asks DragKit's
/// `DwellFlocking` (whose clock is injectable, so its tests are exact) for
/// the ring's progress and whether the dwell completed. The ring only
/// redraws (no relayout), which is safe to do every frame during a drag.
@MainActor
final class DwellFlockingController {
    private let grid: PhotoGrid
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private var flocking: DwellFlocking?
    private var candidate: (id: GalleryItem.ID, index: Int)?
    private var ringTicker: TickCallback?

    init(grid: PhotoGrid, gallery: GalleryController, coordinator: DragCoordinator) {
        self.grid = grid
        self.gallery = gallery
        self.coordinator = coordinator
        coordinator.onDragEnded.append { [weak self] in self?.stop() }
    }

    /// The pointer of the in-app drag rests at `point` on the tile at `index`.
    func hover(over index: Int, at point: Point) {
        guard let drag = coordinator.current else { return stop() }
        if flocking?.session !== drag.session { flocking = DwellFlocking(session: drag.session, delay: DragTestSettings.flockingDelay) }
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
        ringTicker?.remove()
        ringTicker = nil
        grid.setDwell(on: nil, progress: 0)
    }

    /// Runs the ring while a dwell is in progress, and adds the photo when it completes.
    private func showRing() {
        guard let flocking, let candidate else {
            ringTicker?.remove()
            ringTicker = nil
            grid.setDwell(on: nil, progress: 0)
            return
        }
        grid.setDwell(on: candidate.id.description,
                      progress: MotionRules.dwellRing(progress: flocking.progress, reducesMotion: Motion.reduces))
        guard ringTicker == nil else { return }
        ringTicker = grid.canvas.addTickCallback { [weak self] _ in
            guard let self else { return false }
            let goesOn = self.frame()
            if !goesOn { self.ringTicker = nil }
            return goesOn
        }
    }

    /// One frame of the dwell: adds the photo once DragKit says the dwell is
    /// complete, and draws the ring; false once there is no ring to draw.
    private func frame() -> Bool {
        guard let flocking, let candidate else { return false }
        if flocking.poll() != nil, let tile = gallery.model.item(at: candidate.index), tile.id == candidate.id {
            _ = coordinator.current?.add(tile, at: candidate.index)
            gallery.window.announce(tr("{title} joined the drag.", ["title": tile.title]))
        }
        let progress = flocking.candidate == nil ? 0 : flocking.progress
        let done = flocking.candidate == nil || progress >= 1
        grid.setDwell(on: done ? nil : candidate.id.description,
                      progress: MotionRules.dwellRing(progress: progress, reducesMotion: Motion.reduces))
        return !done
    }

    /// What identifies a tile in a drag: its first photo (a stack joins as a
    /// whole when its first photo does), or the note itself.
    static func identity(of tile: GalleryItem) -> LocalObject {
        tile.members.first.map { LocalObject($0.photoID) } ?? LocalObject(tile.id)
    }
}
