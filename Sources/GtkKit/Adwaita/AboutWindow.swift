import CAdwaita
import CGtk
import Foundation

/// An `AdwAboutWindow`: GNOME's About window (details, credits, legal notes, a link to
/// report issues). Like every window, GTK owns it; `present()` shows it and closing it
/// destroys it.
@MainActor
public final class AboutWindow: Window {
    public init() { super.init(borrowing: adw_about_window_new()) }
    private var about: OpaquePointer { OpaquePointer(rawPointer) }

    public var applicationName: String {
        get { string(adw_about_window_get_application_name(about)) }
        set { adw_about_window_set_application_name(about, newValue) }
    }
    public var applicationIcon: String {
        get { string(adw_about_window_get_application_icon(about)) }
        set { adw_about_window_set_application_icon(about, newValue) }
    }
    public var version: String {
        get { string(adw_about_window_get_version(about)) }
        set { adw_about_window_set_version(about, newValue) }
    }
    public var developerName: String {
        get { string(adw_about_window_get_developer_name(about)) }
        set { adw_about_window_set_developer_name(about, newValue) }
    }
    public var comments: String {
        get { string(adw_about_window_get_comments(about)) }
        set { adw_about_window_set_comments(about, newValue) }
    }
    public var website: String {
        get { string(adw_about_window_get_website(about)) }
        set { adw_about_window_set_website(about, newValue) }
    }
    public var issueURL: String {
        get { string(adw_about_window_get_issue_url(about)) }
        set { adw_about_window_set_issue_url(about, newValue) }
    }
    public var copyright: String {
        get { string(adw_about_window_get_copyright(about)) }
        set { adw_about_window_set_copyright(about, newValue) }
    }
    public var licenseType: GtkLicense {
        get { adw_about_window_get_license_type(about) }
        set { adw_about_window_set_license_type(about, newValue) }
    }
    public var developers: [String] {
        get { strings(adw_about_window_get_developers(about)) }
        set { withStringArray(newValue) { adw_about_window_set_developers(about, $0) } }
    }

    /// Adds a section to the credits: a heading and the people (or sources) under it.
    public func addCreditSection(_ name: String, people: [String]) {
        withStringArray(people) { adw_about_window_add_credit_section(about, name, $0) }
    }
    /// Adds a legal section: what it covers, its copyright, and its licence (a known
    /// licence type, or `GTK_LICENSE_CUSTOM` with the licence's text).
    public func addLegalSection(_ title: String, copyright: String?, licenseType: GtkLicense, license: String? = nil) {
        adw_about_window_add_legal_section(about, title, copyright, licenseType, license)
    }

    private func string(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
    private func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        var result: [String] = []
        var index = 0
        while let item = array[index] { result.append(String(cString: item)); index += 1 }
        return result
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`, which libadwaita and GTK copy.
@MainActor
func withStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    var array = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { array.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
