import Foundation

/// How an animation's progress maps to its value: linear time in, eased fraction out.
public enum Easing: Hashable, Sendable {
    case linear
    /// Fast start, gentle landing: things settling into place (drops, fly-backs).
    case easeOutCubic
    case easeInCubic
    case easeInOutCubic

    /// The eased fraction for `t` in 0...1 (clamped): 0 at 0 and 1 at 1.
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeOutCubic: return 1 - pow(1 - t, 3)
        case .easeInCubic: return t * t * t
        case .easeInOutCubic: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}

/// A value over an animation's course, as (fraction, value) stops with eased segments: the
/// delete zone's icon pulse 1.0 → 1.25 → 1.0 is three stops.
public struct Keyframes: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var fraction: Double
        public var value: Double
        public init(_ fraction: Double, _ value: Double) { self.fraction = fraction; self.value = value }
    }

    public var stops: [Stop]
    public var easing: Easing

    /// `stops` must be non-empty and ordered by fraction.
    public init(_ stops: [Stop], easing: Easing = .easeInOutCubic) {
        precondition(!stops.isEmpty, "keyframes need at least one stop")
        self.stops = stops
        self.easing = easing
    }

    public func value(at fraction: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if fraction <= first.fraction { return first.value }
        if fraction >= last.fraction { return last.value }
        let upper = stops.firstIndex { $0.fraction > fraction }!
        let a = stops[upper - 1], b = stops[upper]
        let local = easing((fraction - a.fraction) / (b.fraction - a.fraction))
        return a.value + (b.value - a.value) * local
    }
}
