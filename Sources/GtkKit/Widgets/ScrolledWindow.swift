import CGtk

/// A `GtkAdjustment`: the scroll position of a scrolled window.
@MainActor
public final class Adjustment: Object {
    init(borrowing pointer: UnsafeMutablePointer<GtkAdjustment>) {
        super.init(UnsafeMutableRawPointer(pointer), ownership: .borrow)
    }
    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { pointer() }
    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }
    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }
    public var upper: Double { gtk_adjustment_get_upper(adjustment) }

    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("value-changed", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
    /// Bounds or page size changed (the viewport was resized).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("changed", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}

/// A `GtkScrolledWindow`.
@MainActor
public final class ScrolledWindow: Widget {
    public init() { super.init(gtk_scrolled_window_new()) }
    private var scrolled: OpaquePointer { OpaquePointer(rawPointer) }
    public func setChild(_ child: Widget) { gtk_scrolled_window_set_child(scrolled, child.widget) }
    public func setPolicy(horizontal: GtkPolicyType, vertical: GtkPolicyType) {
        gtk_scrolled_window_set_policy(scrolled, horizontal, vertical)
    }
    public lazy var verticalAdjustment = Adjustment(borrowing: gtk_scrolled_window_get_vadjustment(scrolled))
}
