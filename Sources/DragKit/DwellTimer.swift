/// Fires when the pointer rests over the same target long enough: spring loading (open an
/// album after about 500 ms) and flocking by dwell (add a photo after about 600 ms).
///
/// It is polled, not scheduled: the adapter feeds it every motion event, asks `deadline` when
/// to look again (a GLib timeout, or the frame clock while a progress ring is shown), and
/// calls `poll()`. That keeps DragKit free of run loops and makes tests exact.
@MainActor
public final class DwellTimer<Target: Hashable> {
    public let delay: Duration
    /// Moving farther than this from where the dwell started restarts it (GTK's default drag
    /// threshold is 8 px): a hand never rests perfectly still, a deliberate move does.
    public let movementThreshold: Double
    private let clock: any DragClock

    /// The target being dwelt on, if any.
    public private(set) var target: Target?
    private var anchor = Point.zero
    private var startedAt: Duration = .zero
    private var hasFired = false

    public init(delay: Duration, movementThreshold: Double = 8, clock: any DragClock) {
        self.delay = delay
        self.movementThreshold = movementThreshold
        self.clock = clock
    }

    /// The pointer is at `point`, over `target` (nil: over nothing that dwells).
    public func hover(over target: Target?, at point: Point) {
        guard let target else { return stop() }
        if target != self.target {
            restart(on: target, at: point)
        } else if !hasFired, point.distance(to: anchor) > movementThreshold {
            restart(on: target, at: point)
        }
    }

    /// Leave, drop or cancel: forget the dwell. (On X11 a drop sends no leave: call this.)
    public func stop() {
        target = nil
        hasFired = false
    }

    /// 0...1 of the way to firing, for a progress ring. 0 when idle, 1 once fired.
    public var progress: Double {
        guard target != nil else { return 0 }
        if hasFired { return 1 }
        let elapsed = clock.now - startedAt
        return min(1, max(0, elapsed / delay))
    }

    /// When the dwell is due, if one is running and has not fired.
    public var deadline: Duration? {
        guard target != nil, !hasFired else { return nil }
        return startedAt + delay
    }

    /// Returns the target once, when its dwell is complete; nil before, and after firing
    /// until the pointer leaves the target and comes back.
    public func poll() -> Target? {
        guard let target, !hasFired, clock.now - startedAt >= delay else { return nil }
        hasFired = true
        return target
    }

    private func restart(on target: Target, at point: Point) {
        self.target = target
        anchor = point
        startedAt = clock.now
        hasFired = false
    }
}

extension DwellTimer where Target == ContainerID {
    /// Spring loading: hovering over an album row for 500 ms opens it.
    nonisolated public static let springLoadingDelay: Duration = .milliseconds(500)

    public static func springLoading(clock: any DragClock = SystemDragClock(),
                                     delay: Duration = springLoadingDelay) -> DwellTimer {
        DwellTimer(delay: delay, clock: clock)
    }
}

/// What a drag can dwell on to open the folded albums sidebar of a narrow window: the
/// header bar's button that shows it.
public enum SidebarOpener: Hashable, Sendable {
    case showButton
}

extension DwellTimer where Target == SidebarOpener {
    /// Spring loading the folded sidebar: resting on its button for 500 ms opens it, as
    /// resting on an album row opens the album, so every album row stays a drop target.
    public static func sidebarOpening(clock: any DragClock = SystemDragClock()) -> DwellTimer {
        DwellTimer(delay: .milliseconds(500), clock: clock)
    }
}
