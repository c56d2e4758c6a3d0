import CGtk

/// Tells a screen reader what just happened, once, where the user is.
///
/// GTK 4.14 has `gtk_accessible_announce`, used when present. GTK 4.8 has no
/// announce call, so a message becomes the focused widget's description for a
/// while. What Orca 43 does with that (read in its `scripts/default.py` and
/// checked in its debug log):
/// - it speaks every non-empty description change of its locus of focus, and
///   ignores changes of every other object. Its check for "same as before" never
///   matches (it stores under `descriptions` and reads `description`), so the same
///   text sent twice is spoken twice;
/// - GTK 4.8 sends the description again with every state change of a widget
///   (selected, say): for the focused widget, Orca speaks it again;
/// - Orca reads a newly focused widget's description when it gets to the focus
///   event, as it is *then*: a message set just after a focus move is read in
///   that reading when Orca is behind, and again as a change.
/// So: a message that goes with a focus move is put in the destination's
/// description before the move (`announce(_:movingFocusTo:)`: read once, with
/// the widget); state changes of the focused widget are made while its
/// description is empty (`announce(_:quietlyChanging:)`: Orca skips empty
/// ones); and the widget's own description is restored only once focus has left
/// it, so the restored text is not spoken and arriving back reads the real
/// description, never the stale message. While a message stands, new real
/// descriptions are kept, not pushed: see `Widget.accessibleDescription`.
@MainActor
public final class Announcer {
    private let window: Window
    private let fallback: Widget
    /// The widget whose description is a message now, with a reference of ours.
    private var showing: UnsafeMutablePointer<GtkWidget>?
    private var restore: TimerSource?

    /// Announces in `window`; when nothing there has focus, on `fallback`.
    public init(window: Window, fallback: Widget) {
        self.window = window
        self.fallback = fallback
        window.onFocusWidgetChanged { [weak self] in self?.focusMoved() }
        // Back to this window (a dialog closed, `drover FILE` raised it): its focus is read
        // again, after the burst of events a window's activation brings.
        window.onActiveChanged { [weak self] in self?.activeChanged() }
    }

    /// The message now standing in for a widget's description, if any (for tests).
    public private(set) var currentMessage: String?

    /// Says `message` where focus is. With `afterFocusReading`, as if focus had just moved
    /// (it may have, unseen by the window: back from a popover, which has a focus of its own).
    public func announce(_ message: String, afterFocusReading: Bool = false) {
        if drover_accessible_announce(window.accessible, message) != 0 { return }
        if afterFocusReading { readingFrom(now: Self.focusReadingMilliseconds) }
        // A focus move the user made a moment ago may not be read yet (see the
        // type's notes): the message waits until it is, rather than be read twice.
        let remaining = (readUntil - g_get_monotonic_time()) / 1000
        if remaining > 0 {
            pending.append(message)
            guard delayed == nil else { return }
            delayed = TimerSource.after(milliseconds: UInt32(remaining)) { [weak self] in
                guard let self else { return }
                self.delayed = nil
                let messages = self.pending
                self.pending = []
                self.show(messages.joined(separator: " "))
            }
            return
        }
        show(message)
    }

    /// Runs `change` (a state change of the focused widget, such as its selected
    /// state) with the widget's description empty, then announces `message`
    /// there: GTK 4.8 sends the description again with each state change, and
    /// Orca would speak the description (or an earlier message) once more.
    public func announce(_ message: String, quietlyChanging change: () -> Void) {
        guard drover_accessible_announce(window.accessible, message) == 0 else { return change() }
        let target = focused ?? fallback.widget
        hold(target)
        drover_accessible_show_announcement(OpaquePointer(target), "")
        change()
        announce(message)
    }

    /// Says `message` where focus goes: moves keyboard focus to `widget` with the
    /// message already in its description, after the widget's own (the change is
    /// for a widget that is not yet Orca's focus, so it is ignored, and the message
    /// is read once, with the widget's title and position). The widget that had a
    /// message before gets its own description back after the move, when it is no
    /// longer Orca's focus. False when `widget` did not take focus (the message is
    /// then announced where focus is).
    @discardableResult
    public func announce(_ message: String, movingFocusTo widget: Widget) -> Bool {
        if drover_accessible_announce(window.accessible, message) != 0 { return widget.grabFocus() }
        let target = widget.widget
        // Focus is there already: no focus reading to join; a plain change is read once.
        if focused == target {
            announce(message)
            return true
        }
        let before = showing == target ? nil : showing
        if before != nil { showing = nil }
        hold(target)
        currentMessage = message
        drover_accessible_show_announcement_after_description(OpaquePointer(target), message)
        let moved = widget.grabFocus() && focused == target
        if let before { end(before) }
        if moved { return true }
        takeBack()
        announce(message)
        return false
    }

    /// What assistive technology sees as focused: the focused widget, or, for the text
    /// inside an entry (a widget with no role of its own, which AT-SPI does not show), the
    /// entry; a message on the text would go to an object no screen reader is on.
    private var focused: UnsafeMutablePointer<GtkWidget>? {
        guard var widget = window.focusedWidget else { return nil }
        while gtk_accessible_get_accessible_role(OpaquePointer(widget)) == GTK_ACCESSIBLE_ROLE_NONE,
              let parent = gtk_widget_get_parent(widget) {
            widget = parent
        }
        return widget
    }

    /// How long a screen reader takes to read a focus change, at most, before
    /// a message may replace the description it reads.
    static let focusReadingMilliseconds = 400
    /// The same after the window became the active one: Orca 43 on a loaded 2-core machine
    /// read the focus of a window raised by `drover FILE` 800 ms after it (the window's
    /// whole burst of events comes first). On a quiet one, with an import's placeholder
    /// events arriving as the window came back (Details closed as `drover FILE` imported a
    /// duplicate), it read that focus 1.3 s after it, and so read a message shown at 1 s
    /// twice: with the focus and as a change. Orca gives no sign that it has read a focus,
    /// so this is a time, with room above the slowest reading seen.
    static let windowReadingMilliseconds = 2000
    /// Until when (monotonic µs) a message waits for the focus to be read.
    private var readUntil = 0

    private func readingFrom(now milliseconds: Int) {
        readUntil = max(readUntil, g_get_monotonic_time() + milliseconds * 1000)
    }
    private var pending: [String] = []
    private var delayed: TimerSource?

    private func show(_ message: String) {
        let target = focused ?? fallback.widget
        hold(target)
        currentMessage = message
        drover_accessible_show_announcement(OpaquePointer(target), message)
    }

    /// Makes `target` the widget showing a message (the one before gets its own back).
    private func hold(_ target: UnsafeMutablePointer<GtkWidget>) {
        if let showing, showing != target { takeBack() }
        if showing == nil {
            g_object_ref(target)
            showing = target
        }
    }

    /// Restores the widget's own description now.
    public func takeBack() {
        restore?.cancel()
        restore = nil
        guard let widget = showing else { return }
        showing = nil
        currentMessage = nil
        end(widget)
    }

    private func end(_ widget: UnsafeMutablePointer<GtkWidget>) {
        drover_accessible_end_announcement(OpaquePointer(widget))
        g_object_unref(widget)
    }

    /// Whether the window has been the active one before.
    private var hasBeenActive = false

    /// The first activation, as the window opens, is read as a focus move: waiting the
    /// longer time there held back the first messages of a user quick to act (a keyboard
    /// drag's proposals, joined into one stale message). Coming back to the window is read
    /// after its whole burst of events.
    private func activeChanged() {
        focusMoved(reading: hasBeenActive ? Self.windowReadingMilliseconds : Self.focusReadingMilliseconds)
        if window.isActive { hasBeenActive = true }
    }

    private func focusMoved(reading milliseconds: Int = focusReadingMilliseconds) {
        readingFrom(now: milliseconds)
        guard let showing, focused != showing, restore == nil else { return }
        // After the focus events are out, so the screen reader is elsewhere.
        restore = TimerSource.idle { [weak self] in
            self?.restore = nil
            if let self, self.focused != self.showing { self.takeBack() }
            return false
        }
    }
}
