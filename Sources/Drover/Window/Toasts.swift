import GtkKit

/// Drover's toasts, shown by libadwaita's toast overlay over the content. One at a time:
/// a new toast replaces the current one (whose `whenIgnored` then runs). libadwaita does
/// not time a toast out while the pointer is over it or it (or its button) has keyboard
/// focus, so a screen-reader user who moved to Undo keeps it; and a toast with a button
/// does not time out at all while a screen reader is on (`ScreenReader.isOn`).
///
/// A toast's text is also said to a screen reader, once, as it appears: libadwaita 1.2
/// gives the toast no role a screen reader watches (it is a plain widget that appears,
/// and GTK 4.8 has no live regions), so Orca would never read it unless focus went there.
@MainActor
final class Toasts {
    let overlay = ToastOverlay()
    private var current: Toast?
    /// The undo history's entry whose Undo the current toast offers, if it does.
    private var currentEntry: Int?
    /// Says a toast's text to a screen reader (the window's announcer).
    var announce: ((String) -> Void)?

    /// What one toast does when it goes: its action (once, from its button), or
    /// `whenIgnored` when it goes without that (timeout, close, or replaced).
    private final class Outcome {
        var action: (() -> Void)?
        var whenIgnored: (() -> Void)?
        init(action: (() -> Void)?, whenIgnored: (() -> Void)?) {
            self.action = action
            self.whenIgnored = whenIgnored
        }
    }

    /// Shows `text` for `seconds`; with `actionLabel`, a button that runs `action` once.
    /// `undoing`: the undo history's entry that button undoes (see `withdraw(undoing:)`).
    /// `announced`: false where the caller says the result itself (in other words, or
    /// where focus lands), so it is not heard twice. Returns the toast, whose text a
    /// caller may update while it shows (an export's progress).
    @discardableResult
    func show(_ text: String, actionLabel: String? = nil, undoing entry: Int? = nil, seconds: UInt32 = 8,
              announced: Bool = true, action: (() -> Void)? = nil, whenIgnored: (() -> Void)? = nil) -> Toast {
        let toast = Toast(title: text)
        // A toast with a button (Undo) waits while a screen reader runs: reaching
        // its button by keyboard, after hearing the result, can take longer than
        // any timeout. It goes when the next toast replaces it, or is closed.
        toast.timeout = actionLabel != nil && ScreenReader.isOn ? 0 : seconds
        toast.buttonLabel = actionLabel
        let outcome = Outcome(action: action, whenIgnored: whenIgnored)
        toast.onButtonClicked {
            outcome.whenIgnored = nil
            let action = outcome.action
            outcome.action = nil
            action?()
        }
        let identity = toast.rawPointer
        // "dismissed" follows "button-clicked" too; by then whenIgnored is gone.
        toast.onDismissed { [weak self] in
            let ignored = outcome.whenIgnored
            outcome.whenIgnored = nil
            outcome.action = nil
            if self?.current?.rawPointer == identity {
                self?.current = nil
                self?.currentEntry = nil
            }
            ignored?()
        }
        current?.dismiss()
        current = toast
        currentEntry = entry
        overlay.add(toast)
        if announced { announce?(text) }
        return toast
    }

    /// Takes the current toast away (its `whenIgnored` runs).
    func dismiss() { current?.dismiss() }

    /// Takes the current toast away if its button undoes `entry`, which was just undone
    /// another way (Ctrl+Z): a button left there would offer an undo already done.
    func withdraw(undoing entry: Int) {
        if currentEntry == entry { dismiss() }
    }
}
