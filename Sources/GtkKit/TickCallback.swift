import CGtk

/// A per-frame callback on a widget's frame clock, for animations. The closure
/// receives the frame time in microseconds and returns `false` to stop; its
/// box is released by GTK's destroy notify either way.
@MainActor
public final class TickCallback {
    private let widget: WeakObjectReference
    private var id: guint

    init(widget: UnsafeMutableRawPointer, id: guint) {
        self.widget = WeakObjectReference(widget)
        self.id = id
    }

    public func remove() {
        guard id != 0 else { return }
        let id = self.id
        self.id = 0
        widget.withObject { gtk_widget_remove_tick_callback($0.assumingMemoryBound(to: GtkWidget.self), id) }
    }
}

typealias TickHandler = @MainActor (Int64) -> Bool

extension Widget {
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (_ frameTime: Int64) -> Bool) -> TickCallback {
        let box = Unmanaged.passRetained(SignalHandlerBox<TickHandler>(body)).toOpaque()
        let id = gtk_widget_add_tick_callback(widget, tickTrampoline, box, releaseTickBox)
        return TickCallback(widget: rawPointer, id: id)
    }
}

private let tickTrampoline: GtkTickCallback = { _, clock, data in
    let box = SignalHandlerBox<TickHandler>.from(data)
    let frameTime = Int64(gdk_frame_clock_get_frame_time(clock))
    return MainActor.assumeIsolated { box.body(frameTime) } ? 1 : 0
}

private let releaseTickBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
