import CGtk

/// A `GtkEventController`. Controllers are not floating: the wrapper takes the
/// reference the constructor returned. `Widget.add(_:)` gives the widget a
/// reference of its own (`gtk_widget_add_controller` is transfer full), so the
/// wrapper can still configure it, and a controller that is never added is
/// freed with its wrapper.
@MainActor
open class EventController: Object {
    public init(taking pointer: UnsafeMutableRawPointer) {
        super.init(pointer, ownership: .take)
    }
    public var eventController: OpaquePointer { OpaquePointer(rawPointer) }
    public func setPropagationPhase(_ phase: GtkPropagationPhase) {
        gtk_event_controller_set_propagation_phase(eventController, phase)
    }
    /// The modifier keys held during the event being handled.
    public var currentModifiers: GdkModifierType { gtk_event_controller_get_current_event_state(eventController) }
}

/// A `GtkGestureClick`.
@MainActor
public final class ClickGesture: EventController {
    public init(button: UInt32 = UInt32(GDK_BUTTON_PRIMARY)) {
        super.init(taking: UnsafeMutableRawPointer(gtk_gesture_click_new()))
        gtk_gesture_single_set_button(OpaquePointer(rawPointer), button)
    }
    /// The button of the current press (useful with `button: 0`, any button).
    public var currentButton: UInt32 { gtk_gesture_single_get_current_button(OpaquePointer(rawPointer)) }

    /// Called with the press count and the position in the widget.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> SignalConnection {
        connectSignal("pressed", trampoline: gcallback(pressTrampoline), body: handler as PressHandler)
    }
    @discardableResult
    public func onReleased(_ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> SignalConnection {
        connectSignal("released", trampoline: gcallback(pressTrampoline), body: handler as PressHandler)
    }
}

/// A `GtkEventControllerKey`.
@MainActor
public final class KeyController: EventController {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_key_new())) }

    /// Return `true` when the key was handled.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> SignalConnection {
        connectSignal("key-pressed", trampoline: gcallback(keyTrampoline), body: handler as KeyHandler)
    }
}

/// A `GtkEventControllerScroll` for wheel and touchpad scrolling.
@MainActor
public final class ScrollController: EventController {
    /// Vertical scrolls only, or (`bothAxes`) horizontal ones too.
    public init(bothAxes: Bool = false) {
        let flags = bothAxes ? GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES : GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
        super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(flags)))
    }
    /// Called with the scroll deltas (dy > 0: down); return `true` when handled, which
    /// keeps the scroll from scrolling.
    @discardableResult
    public func onScroll(_ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalConnection {
        connectSignal("scroll", trampoline: gcallback(scrollTrampoline), body: handler as ScrollHandler)
    }
}

/// A `GtkEventControllerFocus`.
@MainActor
public final class FocusController: EventController {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_focus_new())) }
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("enter", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}

/// A `GtkGestureDrag`: a press followed by movement, reported as offsets
/// from the start point (rubber-band selection).
@MainActor
public final class DragGesture: EventController {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_gesture_drag_new())) }

    /// The press point, in the widget's coordinates.
    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectSignal("drag-begin", trampoline: gcallback(pointTrampoline), body: handler as PointHandler)
    }
    /// The offset from the press point.
    @discardableResult
    public func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectSignal("drag-update", trampoline: gcallback(pointTrampoline), body: handler as PointHandler)
    }
    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectSignal("drag-end", trampoline: gcallback(pointTrampoline), body: handler as PointHandler)
    }
    /// Gives up on the gesture (it began where a rubber band makes no sense).
    public func deny() { gtk_gesture_set_state(OpaquePointer(rawPointer), GTK_EVENT_SEQUENCE_DENIED) }
    /// Takes the press for this gesture alone (a pan: the drag source must not start).
    public func claim() { gtk_gesture_set_state(OpaquePointer(rawPointer), GTK_EVENT_SEQUENCE_CLAIMED) }
}
