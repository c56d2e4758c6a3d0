// The in-app fast path: a dragged item can carry the object itself (in Drover, a photo's
// identifier), so a drop inside the app reads it directly instead of loading data.

/// A value identifying the app object a drag item stands for. Two items with equal local
/// objects are the same thing, which is how flocking refuses duplicates.
public struct LocalObject: Hashable, @unchecked Sendable {
    // AnyHashable is not Sendable, but every value stored here was required to be.
    private let base: AnyHashable

    public init<Value: Hashable & Sendable>(_ value: Value) {
        base = AnyHashable(value)
    }

    /// The wrapped value, if it is a `Value`.
    public func value<Value: Hashable & Sendable>(as type: Value.Type = Value.self) -> Value? {
        base.base as? Value
    }
}
