import CAdwaita
import CGtk

/// An `AdwStatusPage`: an icon, a title, a description and optional child (buttons),
/// for empty and error states.
@MainActor
public final class StatusPage: Widget {
    public init(iconName: String, title: String = "", description: String = "") {
        super.init(adw_status_page_new())
        self.iconName = iconName
        self.title = title
        self.pageDescription = description
    }
    private var page: OpaquePointer { OpaquePointer(rawPointer) }
    public var iconName: String {
        get { adw_status_page_get_icon_name(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_icon_name(page, newValue) }
    }
    public var title: String {
        get { adw_status_page_get_title(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(page, newValue) }
    }
    /// Pango markup in libadwaita: the text is escaped here, so any text shows as it is.
    public var pageDescription: String {
        get { adw_status_page_get_description(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(page, Markup.escaped(newValue)) }
    }
    public func setChild(_ child: Widget?) { adw_status_page_set_child(page, child?.widget) }
}

/// Pango markup helpers.
public enum Markup {
    /// `text` with `&`, `<`, `>` and quotes escaped, to show literally in a markup label.
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
