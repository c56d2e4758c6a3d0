import CGtk
import Foundation

/// A `GtkAboutDialog`: the standard About window. Like every window, GTK owns
/// it once created; `present()` shows it and closing it destroys it.
@MainActor
public final class AboutDialog: Window {
    public init() { super.init(borrowing: gtk_about_dialog_new()) }
    private var about: OpaquePointer { OpaquePointer(rawPointer) }

    public var programName: String {
        get { gtk_about_dialog_get_program_name(about).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_program_name(about, newValue) }
    }
    public var version: String {
        get { gtk_about_dialog_get_version(about).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_version(about, newValue) }
    }
    public var comments: String {
        get { gtk_about_dialog_get_comments(about).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_comments(about, newValue) }
    }
    public var logoIconName: String {
        get { gtk_about_dialog_get_logo_icon_name(about).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_logo_icon_name(about, newValue) }
    }
    public var website: String {
        get { gtk_about_dialog_get_website(about).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_website(about, newValue) }
    }
    public var licenseType: GtkLicense {
        get { gtk_about_dialog_get_license_type(about) }
        set { gtk_about_dialog_set_license_type(about, newValue) }
    }

    /// Adds a section to the credits: a heading and the people (or sources) under it.
    public func addCreditSection(_ name: String, people: [String]) {
        // GTK copies the strings; the C array only has to live for the call.
        var strings = people.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_about_dialog_add_credit_section(about, name, &strings)
    }
}
