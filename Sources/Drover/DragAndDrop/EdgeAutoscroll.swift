import DragKit
import GtkKit

/// Scrolls the grid while a drag hovers near its top or bottom edge, faster
/// the closer the pointer is to the edge, and stops when the pointer moves
/// away or the drag leaves or drops. It runs its own stepper rather than
/// GtkGridView-style built-in autoscroll, which on X11 kept scrolling after
/// a drop (docs/architecture.md, "Platform facts behind the shape").
///
/// The steps run on the grid's frame clock (a tick callback), not a timer:
/// each scroll lands in the frame's update phase, before that frame's layout
/// and paint, so the content moves once per frame drawn and never between
/// frames. (The grid is in the main window, whose frame clock ticks during a
/// drag; only a drag icon's does not.)
@MainActor
final class EdgeAutoscroll {
    /// How near the edge (in points) scrolling starts.
    static let edge = 56.0
    /// Points per frame at the very edge, at 60 frames a second.
    static let maximumSpeed = 22.0
    private static let frameDuration: Int64 = 1_000_000 / 60

    private let grid: PhotoGrid
    private var speed = 0.0
    private var ticker: TickCallback?
    private var lastFrameTime: Int64?
    /// With reduced motion: the distance owed until a whole row is (MotionRules.autoscrollStep).
    private var carried = 0.0
    private var reducesMotion = false
    /// Called after each scroll step, so the drop target can refresh its gap.
    var onScroll: (() -> Void)?

    /// Whether the pointer is in an edge zone, scrolling the grid.
    var isScrolling: Bool { ticker != nil }

    init(grid: PhotoGrid) {
        self.grid = grid
    }

    /// The drag is at `point` (content coordinates).
    func update(at point: Point) {
        let adjustment = grid.scrolledWindow.verticalAdjustment
        let top = point.y - adjustment.value
        let bottom = adjustment.value + adjustment.pageSize - point.y
        if top < Self.edge {
            speed = -Self.maximumSpeed * (1 - max(0, top) / Self.edge)
        } else if bottom < Self.edge {
            speed = Self.maximumSpeed * (1 - max(0, bottom) / Self.edge)
        } else {
            return stop()
        }
        // Already at the end in that direction: nothing scrolls, so nothing
        // should behave as if it did (flocking stays possible at the edge).
        let limit = max(0, adjustment.upper - adjustment.pageSize)
        if (speed < 0 && adjustment.value <= 0) || (speed > 0 && adjustment.value >= limit) { return stop() }
        guard ticker == nil else { return }
        lastFrameTime = nil
        carried = 0
        reducesMotion = Motion.reduces
        Motion.log("transition=autoscroll reduced=\(reducesMotion) duration=0.000")
        ticker = grid.canvas.addTickCallback { [weak self] frameTime in
            self?.step(at: frameTime) ?? false
        }
    }

    func stop() {
        speed = 0
        ticker?.remove()
        ticker = nil
    }

    /// One frame's scroll: the speed scaled by the time since the last frame
    /// (one frame's worth on the first), so a slow frame clock scrolls as far.
    private func step(at frameTime: Int64) -> Bool {
        guard speed != 0 else {
            ticker = nil
            return false
        }
        let elapsed = lastFrameTime.map { min(max(frameTime - $0, 0), 4 * Self.frameDuration) } ?? Self.frameDuration
        lastFrameTime = frameTime
        let adjustment = grid.scrolledWindow.verticalAdjustment
        let limit = max(0, adjustment.upper - adjustment.pageSize)
        let rowHeight = grid.geometry.cellSize.height + grid.geometry.spacing
        let step = MotionRules.autoscrollStep(distance: speed * Double(elapsed) / Double(Self.frameDuration), carried: carried,
                                              rowHeight: rowHeight, reducesMotion: reducesMotion)
        carried = step.carried
        if step.scroll == 0 { return true }
        let next = min(limit, max(0, adjustment.value + step.scroll))
        guard next != adjustment.value else {
            stop()
            return false
        }
        adjustment.value = next
        onScroll?()
        return true
    }
}
