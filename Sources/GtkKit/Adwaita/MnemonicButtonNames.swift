import CAdwaita
import CGtk

/// Under GTK 4.8, a button whose label has a mnemonic (`_Undo`, `_Cancel`) adds its
/// label to the button's labelled-by relation each time the label is set, so AT-SPI
/// reads "Undo Undo" or "Cancel Cancel". libadwaita's toasts and message dialogs set
/// their buttons' labels that way. These names the buttons plainly, by their labels.
@MainActor
enum MnemonicButtonNames {
    /// Names every labelled button under `root` (root included) by its label.
    static func fix(under root: UnsafeMutablePointer<GtkWidget>) {
        if drover_is_button(root) != 0, let label = gtk_button_get_label(buttonPointer(root)) {
            let accessible = OpaquePointer(root)
            gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            drover_accessible_set_label(accessible, withoutMnemonic(String(cString: label)))
        }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            fix(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    static func buttonPointer(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkButton> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)
    }

    /// "_Undo" → "Undo"; "__" stays one underscore.
    static func withoutMnemonic(_ label: String) -> String {
        var result = ""
        var escaped = false
        for character in label {
            if character == "_" && !escaped { escaped = true; continue }
            escaped = false
            result.append(character)
        }
        return result
    }
}
