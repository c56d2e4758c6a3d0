import CGtk

/// A `GdkDrag`: one drag in progress, as seen by its source.
@MainActor
public final class Drag: Object {
    public init(borrowing pointer: OpaquePointer) {
        super.init(UnsafeMutableRawPointer(pointer), ownership: .borrow)
    }
    public var drag: OpaquePointer { OpaquePointer(rawPointer) }

    /// Where the pointer holds the drag icon, in icon coordinates. Can change mid-drag.
    public func setHotspot(x: Int32, y: Int32) { gdk_drag_set_hotspot(drag, x, y) }

    /// Shows `widget` as the drag icon. The icon is a live widget: it can be
    /// changed (a new count, a morph) while the drag goes on.
    /// A widget reused from drag to drag may still be the child of an earlier drag's icon
    /// (that GdkDrag outlives its end while anything holds it: a finishing animation); GTK
    /// then refuses the new parent with a critical and the drag shows no icon, so the widget
    /// is taken back from the old icon first.
    public func setIcon(_ widget: Widget) {
        if let parent = gtk_widget_get_parent(widget.widget),
           g_type_check_instance_is_a(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
                                      gtk_drag_icon_get_type()) != 0 {
            gtk_drag_icon_set_child(OpaquePointer(parent), nil)
        }
        let icon = gtk_drag_icon_get_for_drag(drag)
        gtk_drag_icon_set_child(OpaquePointer(icon), widget.widget)
    }

    /// The action the drop ended with (valid in drag-end).
    public var selectedAction: GdkDragAction { gdk_drag_get_selected_action(drag) }
}

typealias PrepareHandler = @MainActor (Double, Double) -> ContentProvider?
typealias DragEndHandler = @MainActor (gpointer?, Bool) -> Void
typealias DragCancelHandler = @MainActor (gpointer?, GdkDragCancelReason) -> Bool

/// A `GtkDragSource`: starts drags from a widget.
@MainActor
public final class DragSource: EventController {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_drag_source_new()))
    }
    private var source: OpaquePointer { OpaquePointer(rawPointer) }

    /// The actions offered to targets. Drover offers COPY only to other apps.
    public func setActions(_ actions: GdkDragAction) { gtk_drag_source_set_actions(source, actions) }
    public func setButton(_ button: UInt32) { gtk_gesture_single_set_button(source, button) }

    /// Decides what a drag starting at (x, y) carries; `nil` refuses the drag.
    @discardableResult
    public func onPrepare(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> ContentProvider?) -> SignalConnection {
        connectSignal("prepare", trampoline: gcallback(prepareTrampoline), body: handler as PrepareHandler)
    }

    @discardableResult
    public func onDragBegin(_ handler: @escaping @MainActor (Drag) -> Void) -> SignalConnection {
        let body: PointerHandler = { drag in handler(Drag(borrowing: OpaquePointer(drag!))) }
        return connectSignal("drag-begin", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// Called when the drag is over; `deleteData` is true for a finished MOVE.
    @discardableResult
    public func onDragEnd(_ handler: @escaping @MainActor (Drag, _ deleteData: Bool) -> Void) -> SignalConnection {
        let body: DragEndHandler = { drag, delete in handler(Drag(borrowing: OpaquePointer(drag!)), delete) }
        return connectSignal("drag-end", trampoline: gcallback(dragEndTrampoline), body: body)
    }

    /// Return `true` to draw the cancel animation yourself (GTK then skips its slide-back).
    @discardableResult
    public func onDragCancel(_ handler: @escaping @MainActor (Drag, GdkDragCancelReason) -> Bool) -> SignalConnection {
        let body: DragCancelHandler = { drag, reason in handler(Drag(borrowing: OpaquePointer(drag!)), reason) }
        return connectSignal("drag-cancel", trampoline: gcallback(dragCancelTrampoline), body: body)
    }
}

// GdkContentProvider* (*)(GtkDragSource *, double x, double y, gpointer)
private let prepareTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
    let box = SignalHandlerBox<PrepareHandler>.from(data)
    let provider: SendablePointer<GdkContentProvider>? = MainActor.assumeIsolated {
        guard let provider = box.body(x, y) else { return nil }
        // The signal returns a full reference that GTK takes.
        g_object_ref(provider.rawPointer)
        return SendablePointer(provider.provider)
    }
    return provider?.value
}

// void (*)(GtkDragSource *, GdkDrag *, gboolean delete_data, gpointer)
private let dragEndTrampoline: @convention(c) (gpointer?, gpointer?, gboolean, gpointer?) -> Void = { _, drag, delete, data in
    let box = SignalHandlerBox<DragEndHandler>.from(data)
    nonisolated(unsafe) let drag = drag
    MainActor.assumeIsolated { box.body(drag, delete != 0) }
}

// gboolean (*)(GtkDragSource *, GdkDrag *, GdkDragCancelReason, gpointer)
private let dragCancelTrampoline: @convention(c) (gpointer?, gpointer?, GdkDragCancelReason, gpointer?) -> gboolean = { _, drag, reason, data in
    let box = SignalHandlerBox<DragCancelHandler>.from(data)
    nonisolated(unsafe) let drag = drag
    return MainActor.assumeIsolated { box.body(drag, reason) } ? 1 : 0
}
