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
        if let parent { gtk_window_set_transient_for(UnsafeMutablePointer(OpaquePointer(dialog)), parent.window) }
        gtk_window_present(UnsafeMutablePointer(OpaquePointer(dialog)))
    }
}
