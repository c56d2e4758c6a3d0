import CGtk
import GtkKit

/// What the content area shows when a collection has no photos.
@MainActor
final class EmptyState {
    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    private let title = Label("No Photos")
    private let hint = Label("Drag photos here from the file manager, or paste them.")

    init() {
        root.addCSSClass("empty-state")
        root.verticalAlignment = GTK_ALIGN_CENTER
        root.horizontalAlignment = GTK_ALIGN_CENTER
        let icon = Image(iconName: "image-x-generic-symbolic", pixelSize: 96)
        icon.addCSSClass("dim-label")
        title.addCSSClass("title-1")
        hint.addCSSClass("dim-label")
        hint.setWraps(true)
        hint.setJustification(GTK_JUSTIFY_CENTER)
        root.append(icon)
        root.append(title)
        root.append(hint)
    }

    func show(title: String, hint: String) {
        self.title.text = title
        self.hint.text = hint
    }
}
