import CGtk

/// A handler connected to a GObject signal. `disconnect()` is safe to call at
/// any time, also after the object is gone, and more than once.
@MainActor
public final class SignalConnection {
    private let object: WeakObjectReference
    private var handlerID: gulong

    init(object: UnsafeMutableRawPointer, handlerID: gulong) {
        self.object = WeakObjectReference(object)
        self.handlerID = handlerID
    }

    public var isConnected: Bool {
        handlerID != 0 && object.withObject { g_signal_handler_is_connected($0, handlerID) != 0 } == true
    }

    public func disconnect() {
        guard handlerID != 0 else { return }
        let id = handlerID
        handlerID = 0
        object.withObject { instance in
            if g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_disconnect(instance, id) }
        }
    }
}

/// The box that carries a Swift closure through a C signal. The GObject owns it:
/// it is retained when connected and released by the closure's destroy notify,
/// which GLib calls when the handler is disconnected or the object finalized.
///
/// `@unchecked Sendable`: the box is immutable, and its body is only ever
/// called on the main thread, inside `MainActor.assumeIsolated`.
final class SignalHandlerBox<Body>: @unchecked Sendable {
    let body: Body
    init(_ body: Body) { self.body = body }

    /// Recovers the box inside a trampoline. Trampolines run on the GTK main
    /// thread, which is the main actor's thread once the main-queue bridge runs.
    static func from(_ data: gpointer?) -> SignalHandlerBox<Body> {
        Unmanaged<SignalHandlerBox<Body>>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Releases a handler box; given to GLib as the GClosureNotify.
private func releaseSignalHandlerBox(_ data: gpointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

extension Object {
    /// Connects a typed C trampoline with a retained box as its user data.
    /// Every signal wrapper in GtkKit goes through here.
    func connectSignal<Body>(_ name: String, trampoline: GCallback, body: Body, after: Bool = false) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalHandlerBox(body) as AnyObject).toOpaque()
        let notify: GClosureNotify = releaseSignalHandlerBox
        let id = g_signal_connect_data(rawPointer, name, trampoline, box, notify,
                                       after ? G_CONNECT_AFTER : GConnectFlags(0))
        return SignalConnection(object: rawPointer, handlerID: id)
    }
}
