import CGtk
import GtkKit

/// What a placeholder tile shows over its (empty) picture: progress and a
/// cancel button while loading, or the reason and a dismiss button when the
/// item failed. Nothing modal: the rest of the grid stays usable.
@MainActor
final class PlaceholderOverlay {
    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    private let status = Label()
    private let progress = ProgressBar()
    private let button = Button(iconName: "process-stop-symbolic", accessibleLabel: "Cancel")
    private var action: (() -> Void)?

    init() {
        root.addCSSClass("placeholder-overlay")
        root.verticalAlignment = GTK_ALIGN_CENTER
        root.horizontalAlignment = GTK_ALIGN_FILL
        root.setMargins(10)
        status.setWraps(true)
        status.setJustification(GTK_JUSTIFY_CENTER)
        status.addCSSClass("caption")
        button.horizontalAlignment = GTK_ALIGN_CENTER
        button.addCSSClass("circular")
        button.onClicked { [weak self] in self?.action?() }
        root.append(progress)
        root.append(status)
        root.append(button)
        root.isVisible = false
    }

    /// Shows the placeholder for `title`; `action` cancels (loading) or dismisses (failed).
    func show(title: String, progress value: Double?, failure: String?, detail: String, action: @escaping () -> Void) {
        root.isVisible = true
        self.action = action
        if let failure {
            progress.isVisible = false
            status.text = failure
            button.iconName = "window-close-symbolic"
            button.tooltip = "Dismiss"
            // Last: changing the icon resets the button's accessible name.
            button.accessibleLabel = "Dismiss the error for \(title)"
            root.addCSSClass("failed")
        } else {
            progress.isVisible = true
            if let value { progress.fraction = value } else { progress.pulse() }
            status.text = value.map { "\(Int(($0 * 100).rounded())) %" } ?? detail
            button.iconName = "process-stop-symbolic"
            button.tooltip = "Cancel"
            button.accessibleLabel = "Cancel importing \(title)"
            root.removeCSSClass("failed")
        }
    }

    func hide() {
        root.isVisible = false
        action = nil
    }

    /// The accessible name of a placeholder tile: what it loads and how far.
    static func accessibleName(title: String, progress: Double?, failure: String?) -> String {
        if let failure { return "Could not import \(title): \(failure)" }
        guard let progress else { return "Importing \(title)" }
        return "Importing \(title), \(Int((progress * 100).rounded()))%"
    }
}
