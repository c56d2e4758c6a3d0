import CGtk
import GtkKit

/// A transient message at the bottom of the content, with an optional action
/// such as Undo. One at a time: a new toast replaces the current one.
@MainActor
final class Toast {
    let root = Revealer(transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    private let message = Label()
    private let actionButton = Button(label: "Undo")
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
    private var action: (() -> Void)?
    /// Runs when the toast goes without its action being taken (timeout, close,
    /// or another toast replacing it): for example, trashing deleted photos.
    private var whenIgnored: (() -> Void)?
    private var timer: TimerSource?

    init() {
        let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        bar.addCSSClass("toast")
        bar.append(message)
        bar.append(actionButton)
        bar.append(closeButton)
        closeButton.setHasFrame(false)
        root.setChild(bar)
        root.horizontalAlignment = GTK_ALIGN_CENTER
        root.verticalAlignment = GTK_ALIGN_END
        root.setMargins(18)
        root.isVisible = false
        actionButton.onClicked { [weak self] in
            let action = self?.action
            self?.whenIgnored = nil
            self?.dismiss()
            action?()
        }
        closeButton.onClicked { [weak self] in self?.dismiss() }
    }

    /// Shows `text`; with `actionLabel`, a button that runs `action` once.
    func show(_ text: String, actionLabel: String? = nil, seconds: UInt32 = 8, action: (() -> Void)? = nil,
              whenIgnored: (() -> Void)? = nil) {
        let previous = self.whenIgnored
        self.whenIgnored = nil
        previous?()
        self.whenIgnored = whenIgnored
        message.text = text
        actionButton.isVisible = actionLabel != nil
        if let actionLabel { actionButton.label = actionLabel }
        self.action = action
        root.isVisible = true
        root.revealsChild = true
        timer?.cancel()
        timer = TimerSource.after(milliseconds: seconds * 1000) { [weak self] in self?.dismiss() }
    }

    func dismiss() {
        timer?.cancel()
        timer = nil
        action = nil
        let ignored = whenIgnored
        whenIgnored = nil
        ignored?()
        root.revealsChild = false
        // Hidden once it has slid away, so assistive technology does not find
        // a stale message.
        timer = TimerSource.after(milliseconds: 300) { [weak self] in
            guard let self, !self.root.revealsChild else { return }
            self.root.isVisible = false
        }
    }
}
