import GtkKit

/// High contrast, as Drover applies it: libadwaita restyles its own widgets when the
/// desktop asks for high contrast (`AdwStyleManager:high-contrast`), and Drover's own
/// drawing follows through a `.high-contrast` CSS class (rules at the end of
/// `data/style.css`) on the widgets that root it: the main window and the drag icon,
/// which is a surface of its own. The class follows the setting live.
@MainActor
enum HighContrast {
    static let cssClass = "high-contrast"

    /// Whether the desktop asks for high contrast now.
    static var isOn: Bool { Adwaita.isHighContrast }

    /// Keeps `widget`'s `.high-contrast` class in step with the setting.
    static func follow(_ widget: Widget) {
        widget.setCSSClass(cssClass, isOn)
        Adwaita.onHighContrastChanged { [weak widget] on in
            widget?.setCSSClass(cssClass, on)
            widget?.queueDraw()
        }
    }
}
