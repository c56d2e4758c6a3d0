import CGtk
import CDrover

/// The GLib main loop, as Swift sees it.
public enum MainLoop {
    /// Makes `DispatchQueue.main` and the main actor run inside GLib's main
    /// loop (and so inside `g_application_run`). Call once, on the main thread,
    /// before the loop starts; calling again does nothing.
    public static func installDispatchBridge() {
        _ = drover_main_queue_attach()
    }

    /// Runs one iteration of the default main context; `true` if anything was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Iterates the main context until `condition` holds or `timeout` seconds pass.
    /// For tests and for the few places that must wait for GTK synchronously.
    /// Called from main-actor work that the bridge is running (a Task, a
    /// main-queue block), the nested loop runs GLib sources but no other
    /// main-actor work: GLib does not re-enter the bridge's source while it is
    /// dispatching. Never wait here for another main-actor job.
    @MainActor
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            if !iterate(blocking: false) { g_usleep(1_000) }
        }
        return true
    }
}
