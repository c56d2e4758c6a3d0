/// The time source of hover timers. Injected, so tests step time exactly instead of sleeping.
///
/// `now` is the time since an arbitrary fixed origin, as a `Duration` (exact arithmetic:
/// "500 ms and not a moment before" is a precise statement).
public protocol DragClock {
    var now: Duration { get }
}

/// The real, monotonic clock.
public struct SystemDragClock: DragClock, Sendable {
    private let origin = ContinuousClock.now
    public init() {}
    public var now: Duration { ContinuousClock.now - origin }
}

/// A clock that only moves when told to: for tests and deterministic replays.
public final class ManualDragClock: DragClock {
    public private(set) var now: Duration = .zero
    public init() {}
    public func advance(by duration: Duration) { now += duration }
}
