import CGtk
import GtkKit
import Localization

/// What a placeholder tile shows over its (empty) picture: progress and a
/// cancel button while loading, or the reason and a dismiss button when the
/// item failed. A stalled source ("No data for 20 s") offers Cancel instead,
/// and Retry beside it when the source can be read again; a file already in the
/// library offers Import Anyway beside Dismiss. Nothing modal: the
/// rest of the grid stays usable.
@MainActor
final class PlaceholderOverlay {
    /// Which button was pressed: the main one (cancel or dismiss), Retry or Import Anyway.
    enum Choice: Equatable { case close, retry, importAnyway }

    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    private let status = Label()
    private let progress = ProgressBar()
    private let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    private let retryButton = Button(iconName: "view-refresh-symbolic", accessibleLabel: tr("Retry"))
    private let button = Button(iconName: "process-stop-symbolic", accessibleLabel: tr("Cancel"))
    private let importAnywayButton = Button(label: tr("Import Anyway"))
    private var action: ((Choice) -> Void)?

    init() {
        root.addCSSClass("placeholder-overlay")
        root.verticalAlignment = GTK_ALIGN_CENTER
        root.horizontalAlignment = GTK_ALIGN_FILL
        root.setMargins(10)
        status.setWraps(true)
        status.setJustification(GTK_JUSTIFY_CENTER)
        status.addCSSClass("caption")
        buttons.horizontalAlignment = GTK_ALIGN_CENTER
        for control in [retryButton, button] {
            control.addCSSClass("circular")
            // Round beside a two-line Import Anyway, not stretched to its height.
            control.verticalAlignment = GTK_ALIGN_CENTER
            buttons.append(control)
        }
        retryButton.tooltip = tr("Retry")
        retryButton.isVisible = false
        importAnywayButton.isVisible = false
        importAnywayButton.onClicked { [weak self] in self?.action?(.importAnyway) }
        // Its text wraps ("Import / Anyway"): on one line, beside Dismiss, it made the overlay
        // wider than the tile's picture (at any text size; with large text, by a third).
        let importAnywayLabel = Label(tr("Import Anyway"))
        importAnywayLabel.setWraps(true, onlyWhenNarrow: true)
        importAnywayLabel.setJustification(GTK_JUSTIFY_CENTER)
        importAnywayButton.setChild(importAnywayLabel)
        buttons.prepend(importAnywayButton)
        button.onClicked { [weak self] in self?.action?(.close) }
        retryButton.onClicked { [weak self] in self?.action?(.retry) }
        root.append(progress)
        root.append(status)
        root.append(buttons)
        root.isVisible = false
    }

    /// Shows the placeholder for `title`; `action` gets the button pressed.
    func show(title: String, progress value: Double?, failure: String?, stalled: Bool, canRetry: Bool,
              canImportAnyway: Bool = false, detail: String, action: @escaping (Choice) -> Void) {
        root.isVisible = true
        self.action = action
        retryButton.isVisible = failure != nil && canRetry
        retryButton.accessibleLabel = tr("Retry importing {title}", ["title": title])
        importAnywayButton.isVisible = failure != nil && canImportAnyway
        importAnywayButton.accessibleLabel = tr("Import {title} anyway", ["title": title])
        if let failure {
            progress.isVisible = false
            status.text = failure
            if stalled {
                button.iconName = "process-stop-symbolic"
                button.tooltip = tr("Cancel")
                button.accessibleLabel = tr("Cancel importing {title}", ["title": title])
            } else {
                button.iconName = "window-close-symbolic"
                button.tooltip = tr("Dismiss")
                // Last: changing the icon resets the button's accessible name.
                button.accessibleLabel = tr("Dismiss the error for {title}", ["title": title])
            }
            root.addCSSClass("failed")
        } else {
            progress.isVisible = true
            if let value { progress.fraction = value } else { progress.pulse() }
            status.text = value.map { "\(Int(($0 * 100).rounded())) %" } ?? detail
            button.iconName = "process-stop-symbolic"
            button.tooltip = tr("Cancel")
            button.accessibleLabel = tr("Cancel importing {title}", ["title": title])
            root.removeCSSClass("failed")
        }
    }

    func hide() {
        root.isVisible = false
        action = nil
    }

    /// The accessible name of a placeholder tile: what it loads and how far.
    static func accessibleName(title: String, progress: Double?, failure: String?) -> String {
        if let failure { return tr("Could not import {title}: {failure}", ["title": title, "failure": failure]) }
        guard let progress else { return tr("Importing {title}", ["title": title]) }
        return tr("Importing {title}, {percent}%", ["title": title, "percent": Int((progress * 100).rounded())])
    }
}
