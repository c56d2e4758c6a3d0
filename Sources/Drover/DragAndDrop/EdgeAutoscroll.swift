import DragKit
import GtkKit

/// Scrolls the grid while a drag hovers near its top or bottom edge, faster
/// the closer the pointer is to the edge, and stops when the pointer moves
/// away or the drag leaves or drops. It runs its own timer rather than
/// GtkGridView-style built-in autoscroll, which on X11 kept scrolling after
/// a drop (DESIGN.md).
@MainActor
final class EdgeAutoscroll {
    /// How near the edge (in points) scrolling starts.
    static let edge = 56.0
    /// Points per frame at the very edge.
    static let maximumSpeed = 22.0

    private let grid: PhotoGrid
    private var speed = 0.0
    private var timer: TimerSource?
    /// Called after each scroll step, so the drop target can refresh its gap.
    var onScroll: (() -> Void)?

    /// Whether the pointer is in an edge zone, scrolling the grid.
    var isScrolling: Bool { timer != nil }

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
        guard timer == nil else { return }
        timer = TimerSource.timeout(milliseconds: 16) { [weak self] in
            guard let self, self.speed != 0 else { return false }
            let adjustment = self.grid.scrolledWindow.verticalAdjustment
            let limit = max(0, adjustment.upper - adjustment.pageSize)
            let next = min(limit, max(0, adjustment.value + self.speed))
            guard next != adjustment.value else {
                self.stop()
                return false
            }
            adjustment.value = next
            self.onScroll?()
            return true
        }
    }

    func stop() {
        speed = 0
        timer?.cancel()
        timer = nil
    }
}
