import CAdwaita
import CGtk
import Localization

/// An `AdwToastOverlay`: shows `Toast`s over its child, one at a time, queueing the rest.
@MainActor
public final class ToastOverlay: Widget {
    public init() { super.init(adw_toast_overlay_new()) }
    private var overlay: OpaquePointer { OpaquePointer(rawPointer) }
    /// The toast shown last, and the overlay width its title was fitted to.
    private var shownToast: Toast?
    private var fittedWidth: Int32 = 0
    private var refit: TickCallback?
    public func setChild(_ child: Widget?) { adw_toast_overlay_set_child(overlay, child?.widget) }
    /// Shows `toast` (after the current one, unless that is dismissed). `closeLabel`
    /// names its close button for assistive technology.
    public func add(_ toast: Toast, closeLabel: String = tr("Dismiss")) {
        let before = gtk_widget_get_last_child(widget)
        // adw_toast_overlay_add_toast takes the reference it is given: give it one of its own.
        adw_toast_overlay_add_toast(overlay, OpaquePointer(g_object_ref(toast.rawPointer)))
        // Shown now (nothing else was showing): libadwaita 1.2 put its widget last.
        guard let shown = gtk_widget_get_last_child(widget), shown != before else { return }
        MnemonicButtonNames.fix(under: shown)
        nameCloseButton(in: shown, closeLabel)
        shownToast = toast
        fitTitle(of: toast, shownIn: shown)
    }

    /// The window was resized: the shown toast's title is fitted again once the overlay has
    /// its new width (within a few frames; ticks are asked for only until then).
    public func refitShownToast() {
        guard shownToast != nil, refit == nil else { return }
        var frames = 0
        refit = addTickCallback { [weak self] _ in
            guard let self else { return false }
            frames += 1
            if gtk_widget_get_width(self.widget) != self.fittedWidth { self.refitNow() }
            if gtk_widget_get_width(self.widget) == self.fittedWidth || frames >= 10 {
                self.refit = nil
                return false
            }
            return true
        }
    }

    private func refitNow() {
        // libadwaita 1.2 keeps the shown toast's widget after the overlay's child.
        guard let toast = shownToast, let last = gtk_widget_get_last_child(widget), last != gtk_widget_get_first_child(widget),
              gtk_widget_is_ancestor(toast.titleLabel.widget, last) != 0 else {
            shownToast = nil
            return
        }
        gtk_label_set_max_width_chars(OpaquePointer(toast.titleLabel.rawPointer), Toast.titleWidth)
        fitTitle(of: toast, shownIn: last)
    }

    /// libadwaita 1.2 gives a toast the height it wants at its natural width, however much
    /// narrower the overlay makes it: a title that would wrap in the narrower toast keeps one
    /// line and is cut off (with its buttons) at the toast's edge. So the title's widest is
    /// narrowed, two characters at a time, until the toast's natural width fits the overlay.
    private func fitTitle(of toast: Toast, shownIn toastWidget: UnsafeMutablePointer<GtkWidget>) {
        let available = gtk_widget_get_width(widget)
        fittedWidth = available
        guard available > 0 else { return }
        let label = OpaquePointer(toast.titleLabel.rawPointer)
        var characters = Toast.titleWidth
        func natural() -> Int32 {
            var minimum: Int32 = 0, natural: Int32 = 0, b1: Int32 = -1, b2: Int32 = -1
            gtk_widget_measure(toastWidget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, &b1, &b2)
            return natural
        }
        while characters > 8, natural() > available {
            characters -= 2
            gtk_label_set_max_width_chars(label, characters)
        }
    }

    /// Moves keyboard focus into the toast on show (its button first); false if none shows.
    /// libadwaita 1.2 keeps the shown toast's widget after the overlay's child.
    @discardableResult
    public func focusShownToast() -> Bool {
        guard let last = gtk_widget_get_last_child(widget), last != gtk_widget_get_first_child(widget) else { return false }
        return drover_child_focus_tab(last, 1) != 0
    }

    /// libadwaita 1.2's close button is an icon alone, which AT-SPI reads as "GtkImage".
    private func nameCloseButton(in toastWidget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        var child = gtk_widget_get_first_child(toastWidget)
        while let current = child {
            if drover_is_button(current) != 0, gtk_button_get_icon_name(MnemonicButtonNames.buttonPointer(current)) != nil {
                drover_accessible_set_label(OpaquePointer(current), name)
                drover_widget_set_tooltip(current, name)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }
}

/// An `AdwToast`: a message with an optional button. libadwaita times it out, but not
/// while the pointer is over it or it holds keyboard focus (so a screen-reader user who
/// moved to its button does not lose it), and dismisses it from its close button.
@MainActor
public final class Toast: Object {
    public init(title: String) {
        // The title is Pango markup in libadwaita 1.2 (and a single ellipsized line): a
        // label of our own shows any text as it is, wrapped.
        let label = Label(title)
        titleLabel = label
        super.init(UnsafeMutableRawPointer(adw_toast_new("")), ownership: .take)
        // One line while it fits (without `onlyWhenNarrow`, the toast's row, as high as its
        // close button, got even a short title wrapped into two lines).
        label.setWraps(true, insideWords: true, onlyWhenNarrow: true)
        // A short message on one line; a long one wraps at a readable width (or narrower:
        // `ToastOverlay.fitTitle`). No least width: the overlay asks for its toast's, which
        // held a narrow window (360 px) wider, with large text or a long album name.
        label.setWidthInCharacters(minimum: -1, maximum: Self.titleWidth)
        label.xAlign = 0
        adw_toast_set_custom_title(toast, label.widget)
    }
    /// The widest a title gets before it wraps, in characters.
    static let titleWidth: Int32 = 60
    let titleLabel: Label
    private var toast: OpaquePointer { OpaquePointer(rawPointer) }

    /// The button's label (mnemonic underscores allowed); nil: no button.
    public var buttonLabel: String? {
        get { adw_toast_get_button_label(toast).map { String(cString: $0) } }
        set { adw_toast_set_button_label(toast, newValue) }
    }
    /// Seconds until the toast goes by itself; 0: it stays until dismissed.
    public var timeout: UInt32 {
        get { adw_toast_get_timeout(toast) }
        set { adw_toast_set_timeout(toast, newValue) }
    }
    public func dismiss() { adw_toast_dismiss(toast) }
    /// Changes the text shown (a progress count); assistive technology reads the new text
    /// when it comes to the toast, and is not told of the change.
    public func setTitle(_ text: String) { titleLabel.text = text }

    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("button-clicked", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
    /// Runs whenever the toast goes: timed out, closed, dismissed, or after its button.
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("dismissed", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}
