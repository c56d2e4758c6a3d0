import GtkKit

/// Drover's toasts, shown by libadwaita's toast overlay over the content. One at a time:
/// a new toast replaces the current one (whose `whenIgnored` then runs). libadwaita does
/// not time a toast out while the pointer is over it or it (or its button) has keyboard
/// focus, so a screen-reader user who moved to Undo keeps it.
@MainActor
final class Toasts {
    let overlay = ToastOverlay()
    private var current: Toast?

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
    func show(_ text: String, actionLabel: String? = nil, seconds: UInt32 = 8, action: (() -> Void)? = nil,
              whenIgnored: (() -> Void)? = nil) {
        let toast = Toast(title: text)
        toast.timeout = seconds
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
            if self?.current?.rawPointer == identity { self?.current = nil }
            ignored?()
        }
        current?.dismiss()
        current = toast
        overlay.add(toast)
    }

    /// Takes the current toast away (its `whenIgnored` runs).
    func dismiss() { current?.dismiss() }
}
