import CGtk

/// A `GtkGestureZoom`: two touch points (a touchpad pinch, or two fingers on a touch
/// screen) moving apart or together. GTK reports the scale relative to the distance at
/// the start of the gesture, so a handler zooms from the zoom it had at `onBegin`.
@MainActor
public final class ZoomGesture: EventController {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_gesture_zoom_new())) }

    private var gesture: OpaquePointer { OpaquePointer(rawPointer) }

    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("begin", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// Called with the scale since the gesture began (2: the fingers are twice as far apart).
    @discardableResult
    public func onScaleChanged(_ handler: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connectSignal("scale-changed", trampoline: gcallback(scaleTrampoline), body: handler as ScaleHandler)
    }

    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("end", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// The middle of the touch points, in the widget's coordinates (nil when not active).
    public var centre: (x: Double, y: Double)? {
        // Asked of an idle gesture, GTK logs a critical (it has no last event).
        guard gtk_gesture_is_active(gesture) != 0 else { return nil }
        var x = 0.0, y = 0.0
        guard gtk_gesture_get_bounding_box_center(gesture, &x, &y) != 0 else { return nil }
        return (x, y)
    }
}

typealias ScaleHandler = @MainActor (Double) -> Void

// void (*)(GtkGestureZoom *, double scale, gpointer)
let scaleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, scale, data in
    let box = SignalHandlerBox<ScaleHandler>.from(data)
    MainActor.assumeIsolated { box.body(scale) }
}
