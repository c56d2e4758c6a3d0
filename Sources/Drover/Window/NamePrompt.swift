import CGtk
import GtkKit
import Localization

/// A small popover that asks for a name (new album, rename album).
@MainActor
final class NamePrompt {
    private let popover = Popover()
    private let entry = Entry()
    private let confirm: Button
    private var onDone: ((String) -> Void)?

    init(confirmLabel: String) {
        confirm = Button(label: confirmLabel)
        confirm.addCSSClass("suggested-action")
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        box.setMargins(6)
        entry.accessibleLabel = tr("Album name")
        box.append(entry)
        box.append(confirm)
        popover.setChild(box)
        entry.onActivate { [weak self] in self?.finish() }
        confirm.onClicked { [weak self] in self?.finish() }
        popover.onClosed { [weak self] in self?.onDone = nil }
    }

    var widget: Popover { popover }

    /// Opens next to `anchor` with `initial` text; calls `done` with a non-empty name.
    func ask(from anchor: Widget, at point: (x: Double, y: Double)? = nil, initial: String, done: @escaping (String) -> Void) {
        if !popover.isChild(of: anchor) {
            if popover.hasParent { popover.unparent() }
            popover.setParent(anchor)
        }
        if let point { popover.point(at: point.x, point.y) }
        entry.text = initial
        onDone = done
        popover.popup()
        entry.grabFocus()
        entry.selectAll()
    }

    private func finish() {
        let name = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return }
        let done = onDone
        popover.popdown()
        done?(name)
    }
}
