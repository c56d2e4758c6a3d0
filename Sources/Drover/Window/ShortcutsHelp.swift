import Foundation
import GtkKit
import Localization

/// The Keyboard Shortcuts window (Ctrl+?, and the primary menu): every shortcut Drover
/// has, the keyboard drag included. Keep it in step with the README's key table.
@MainActor
enum ShortcutsHelp {
    static func show(parent: Window?) {
        let window: Window
        do { window = try Builder.window(fromXML: xml, id: "shortcuts") } catch {
            FileHandle.standardError.write(Data("drover: the Keyboard Shortcuts window could not be built: \(error)\n\(xml)\n".utf8))
            return
        }
        window.title = tr("Keyboard Shortcuts")
        window.setTransientFor(parent)
        window.setModal(true)
        window.present()
    }

    /// (title, accelerator) per shortcut, by group.
    static let groups: [(title: String, shortcuts: [(String, String)])] = [
        (tr("General"), [
            (tr("Keyboard shortcuts"), "&lt;Control&gt;question"),
            (tr("Main menu"), "F10"),
            (tr("Show the albums"), "F9"),
            (tr("Larger tiles"), "&lt;Control&gt;plus"),
            (tr("Smaller tiles"), "&lt;Control&gt;minus"),
            (tr("Undo"), "&lt;Control&gt;z"),
            (tr("Redo"), "&lt;Control&gt;&lt;Shift&gt;z"),
            (tr("Search photos"), "&lt;Control&gt;f"),
            (tr("Close the window"), "&lt;Control&gt;w"),
            (tr("Quit"), "&lt;Control&gt;q"),
        ]),
        (tr("Photos"), [
            (tr("Move between photos"), "Left Right Up Down Home End Page_Up Page_Down"),
            (tr("Select the focused photo"), "space"),
            (tr("Add or remove the focused photo"), "&lt;Control&gt;space"),
            (tr("Extend the selection"), "&lt;Shift&gt;Left &lt;Shift&gt;Right"),
            (tr("Select all"), "&lt;Control&gt;a"),
            (tr("Copy"), "&lt;Control&gt;c"),
            (tr("Cut"), "&lt;Control&gt;x"),
            (tr("Paste after the focused photo"), "&lt;Control&gt;v"),
            (tr("Move the selection earlier or later"), "&lt;Alt&gt;&lt;Shift&gt;Left &lt;Alt&gt;&lt;Shift&gt;Right"),
            (tr("Delete the selection"), "Delete"),
            (tr("Rotate right (in the viewer too)"), "&lt;Control&gt;r"),
            (tr("Rotate left (in the viewer too)"), "&lt;Control&gt;&lt;Shift&gt;r"),
            (tr("Export the selection to a folder"), "&lt;Control&gt;e"),
            (tr("Stack the selected photos"), "&lt;Control&gt;g"),
            (tr("Unstack the selected stack"), "&lt;Control&gt;&lt;Shift&gt;g"),
            (tr("The photo's menu"), "Menu &lt;Shift&gt;F10"),
        ]),
        (tr("Keyboard drag"), [
            (tr("Pick up the selection"), "&lt;Control&gt;d"),
            (tr("Move the drop point"), "Left Right Up Down"),
            (tr("Go to the albums and the delete zone"), "Tab &lt;Shift&gt;Tab"),
            (tr("Drop (into an album: add)"), "Return"),
            (tr("Drop into an album, moving"), "&lt;Shift&gt;Return"),
            (tr("Cancel"), "Escape"),
        ]),
        (tr("Albums"), [
            (tr("The album's menu (rename, delete, export)"), "Menu &lt;Shift&gt;F10"),
        ]),
    ]

    static var xml: String {
        // Typed as String throughout: with GRDB in the program, an untyped interpolated
        // literal here was taken for GRDB's SQL.
        let body: String = groups.map { group -> String in
            let shortcuts: String = group.shortcuts.map { title, accelerator -> String in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="title">\(title)</property>
                  <property name="accelerator">\(accelerator)</property>
                </object></child>
                """
            }.joined(separator: "\n")
            return """
            <child><object class="GtkShortcutsGroup">
              <property name="title">\(group.title)</property>
              \(shortcuts)
            </object></child>
            """
        }.joined(separator: "\n")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="title">Keyboard Shortcuts</property>
              <property name="max-height">12</property>
              \(body)
            </object></child>
          </object>
        </interface>
        """
    }
}
