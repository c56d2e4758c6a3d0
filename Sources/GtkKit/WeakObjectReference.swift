import CGtk

/// A `GWeakRef`: refers to a GObject without keeping it alive, and reads as nil
/// once the object is finalized. Used where a Swift value must outlive, or not
/// extend, the object it talks about (signal connections, lifetime tests).
public final class WeakObjectReference: @unchecked Sendable {
    // GWeakRef is documented as thread-safe; the storage never moves.
    private let storage: UnsafeMutablePointer<GWeakRef>

    public init(_ object: UnsafeMutableRawPointer?) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: GWeakRef())
        g_weak_ref_init(storage, object)
    }

    deinit {
        g_weak_ref_clear(storage)
        storage.deallocate()
    }

    /// Whether the object is still alive.
    public var isAlive: Bool {
        guard let strong = g_weak_ref_get(storage) else { return false }
        g_object_unref(strong)
        return true
    }

    /// Runs `body` with a strong reference, if the object is still alive.
    public func withObject<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R? {
        guard let strong = g_weak_ref_get(storage) else { return nil }
        defer { g_object_unref(strong) }
        return try body(strong)
    }
}
