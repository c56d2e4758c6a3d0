import CGtk
import GtkKit

/// The About window, with credits for the data Drover ships.
@MainActor
enum AboutDialog {
    static func show(parent: Window?) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, "Drover")
        gtk_about_dialog_set_version(about, "0.1.0")
        gtk_about_dialog_set_comments(about, "A photo gallery with drag and drop done well.")
        gtk_about_dialog_set_logo_icon_name(about, DroverApplication.id)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_website(about, "https://drover.example")
        // Place names come from GeoNames (CC BY 4.0), which asks for this credit.
        credit(about, section: "Place names", people: ["GeoNames (geonames.org), CC BY 4.0"])
        credit(about, section: "Sample photos", people: ["Listed with their licences in samples/LICENSES.md"])
        if let parent { gtk_window_set_transient_for(UnsafeMutablePointer(OpaquePointer(dialog)), parent.window) }
        gtk_window_present(UnsafeMutablePointer(OpaquePointer(dialog)))
    }

    private static func credit(_ about: OpaquePointer, section: String, people: [String]) {
        var strings = people.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_about_dialog_add_credit_section(about, section, &strings)
    }
}
