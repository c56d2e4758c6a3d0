import CGtk

/// Tells a screen reader what just happened, once, where the user is.
///
/// GTK 4.14 has `gtk_accessible_announce`, used when present. GTK 4.8 has no
/// announce call, and what Orca 43 speaks once is a change of the *focused*
/// widget's description (its `object:property-change:accessible-description`
/// handler speaks a non-empty description of the locus of focus and ignores
/// every other object). So the message becomes the focused widget's
/// description, and is taken back — the widget's own description restored —
/// as soon as focus leaves it (or the next message goes elsewhere). The
/// restore happens on an idle after the focus change, so the screen reader
/// has already moved on and does not speak the restored text; arriving back
/// on the widget reads its real description, never the stale message. While
/// the message stands, new real descriptions are kept, not pushed (pushing
/// one would speak it over the message): see `Widget.accessibleDescription`.
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
    }

    /// The message now standing in for a widget's description, if any (for tests).
    public private(set) var currentMessage: String?

    public func announce(_ message: String) {
        if drover_accessible_announce(window.accessible, message) != 0 { return }
        // Orca reads the newly focused widget some time after the focus event,
        // and reads its description as it is then: a message shown at once
        // would be read as the photo's description, and again as a change.
        // So a message right after a focus move waits until the move is read.
        let sinceFocus = (g_get_monotonic_time() - focusMovedAt) / 1000
        if sinceFocus < Self.focusReadingMilliseconds {
            pending.append(message)
            guard delayed == nil else { return }
            delayed = TimerSource.after(milliseconds: UInt32(Self.focusReadingMilliseconds - sinceFocus)) { [weak self] in
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

    /// How long a screen reader takes to read a focus change, at most, before
    /// a message may replace the description it reads.
    static let focusReadingMilliseconds = 400
    private var focusMovedAt = 0
    private var pending: [String] = []
    private var delayed: TimerSource?

    private func show(_ message: String) {
        let target = window.focusedWidget ?? fallback.widget
        if let showing, showing != target { takeBack() }
        if showing == nil {
            g_object_ref(target)
            showing = target
        }
        currentMessage = message
        drover_accessible_show_announcement(OpaquePointer(target), message)
    }

    /// Restores the widget's own description now.
    public func takeBack() {
        restore?.cancel()
        restore = nil
        guard let widget = showing else { return }
        showing = nil
        currentMessage = nil
        drover_accessible_end_announcement(OpaquePointer(widget))
        g_object_unref(widget)
    }

    private func focusMoved() {
        focusMovedAt = g_get_monotonic_time()
        guard let showing, window.focusedWidget != showing, restore == nil else { return }
        // After the focus events are out, so the screen reader is elsewhere.
        restore = TimerSource.idle { [weak self] in
            self?.restore = nil
            if let self, self.window.focusedWidget != self.showing { self.takeBack() }
            return false
        }
    }
}
