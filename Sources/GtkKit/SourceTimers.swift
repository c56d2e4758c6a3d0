import CGtk

/// A GLib source (idle or timeout) that calls Swift. The closure box is owned
/// by the source and released by its destroy notify, so it lives exactly as
/// long as the source: until the callback returns `false`, or `cancel()`.
@MainActor
public final class TimerSource {
    public private(set) var id: guint

    init(id: guint) { self.id = id }

    /// Removes the source; its closure is released. Safe after it has finished.
    public func cancel() {
        guard id != 0 else { return }
        if let source = g_main_context_find_source_by_id(nil, id), g_source_is_destroyed(source) == 0 {
            g_source_remove(id)
        }
        id = 0
    }

    /// Calls `body` when the loop is idle, until it returns `false`.
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @MainActor () -> Bool) -> TimerSource {
        let box = Unmanaged.passRetained(SignalHandlerBox<BoolHandler>(body)).toOpaque()
        return TimerSource(id: g_idle_add_full(priority, sourceTrampoline, box, releaseSourceBox))
    }

    /// Calls `body` every `milliseconds`, until it returns `false`.
    @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> TimerSource {
        let box = Unmanaged.passRetained(SignalHandlerBox<BoolHandler>(body)).toOpaque()
        return TimerSource(id: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, sourceTrampoline, box, releaseSourceBox))
    }

    /// Calls `body` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerSource {
        timeout(milliseconds: milliseconds) { body(); return false }
    }
}

private let sourceTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    let box = SignalHandlerBox<BoolHandler>.from(data)
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
}

private let releaseSourceBox: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
