import CGtk

/// A `GtkListBoxRow`.
@MainActor
public final class ListBoxRow: Widget {
    public init() { super.init(gtk_list_box_row_new()) }
    public init(borrowing pointer: UnsafeMutablePointer<GtkListBoxRow>) {
        super.init(UnsafeMutablePointer<GtkWidget>(OpaquePointer(pointer)))
    }
    public var row: UnsafeMutablePointer<GtkListBoxRow> { pointer() }
    public func setChild(_ child: Widget) { gtk_list_box_row_set_child(row, child.widget) }
    public var index: Int { Int(gtk_list_box_row_get_index(row)) }
    /// Whether a click, Enter or Space activates the row (`row-activated`).
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(row) != 0 }
        set { gtk_list_box_row_set_activatable(row, newValue ? 1 : 0) }
    }
}

/// A `GtkListBox` of rows.
@MainActor
public final class ListBox: Widget {
    public init() { super.init(gtk_list_box_new()) }
    private var list: OpaquePointer { OpaquePointer(rawPointer) }
    public func append(_ row: ListBoxRow) { gtk_list_box_append(list, row.widget) }
    public func insert(_ row: ListBoxRow, at index: Int) { gtk_list_box_insert(list, row.widget, Int32(index)) }
    public func remove(_ row: ListBoxRow) { gtk_list_box_remove(list, row.widget) }
    public func select(_ row: ListBoxRow?) { gtk_list_box_select_row(list, row?.row) }
    public var selectedIndex: Int? {
        gtk_list_box_get_selected_row(list).map { Int(gtk_list_box_row_get_index($0)) }
    }

    /// The index of the row at `y` (in the list's coordinates), if any.
    public func rowIndex(atY y: Double) -> Int? {
        gtk_list_box_get_row_at_y(list, Int32(y)).map { Int(gtk_list_box_row_get_index($0)) }
    }

    /// The row at `y` (in the list's coordinates), if any.
    public func row(atY y: Double) -> ListBoxRow? {
        gtk_list_box_get_row_at_y(list, Int32(y)).map { ListBoxRow(borrowing: $0) }
    }

    /// Draws GTK's drop highlight around `row` while a drag hovers it; nil
    /// removes the highlight.
    public func dragHighlight(_ row: ListBoxRow?) {
        if let row { gtk_list_box_drag_highlight_row(list, row.row) } else { gtk_list_box_drag_unhighlight_row(list) }
    }

    public func setSelectionMode(_ mode: GtkSelectionMode) { gtk_list_box_set_selection_mode(list, mode) }

    /// A row was activated (click, Enter or Space); called with the row's index.
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        let body: PointerHandler = { row in
            guard let row else { return }
            handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
        return connectSignal("row-activated", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// A row was selected (`nil` when the selection was cleared); called with the row's index.
    @discardableResult
    public func onRowSelected(_ handler: @escaping @MainActor (Int?) -> Void) -> SignalConnection {
        let body: PointerHandler = { row in
            handler(row.map { Int(gtk_list_box_row_get_index($0.assumingMemoryBound(to: GtkListBoxRow.self))) })
        }
        return connectSignal("row-selected", trampoline: gcallback(pointerTrampoline), body: body)
    }
}
