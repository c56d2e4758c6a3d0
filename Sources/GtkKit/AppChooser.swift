import CGtk
import Foundation

/// Asks which application should open a file, and opens it there: GTK's
/// GtkAppChooserDialog, which lists the applications installed for the file's type (the
/// default first) and can show all the others. It is GTK's own dialog, in the caller's
/// process, so it works with or without the desktop portal (the portal's OpenURI
/// `ask` option needs xdg-desktop-portal and a backend with an app chooser); deprecated
/// from GTK 4.10, where GtkFileLauncher (4.12) takes its place.
@MainActor
public final class AppChooser: Window {
    private let file: URL

    public init(file: URL, heading: String, parent: Window?) {
        self.file = file
        let gfile = g_file_new_for_path(file.path)
        defer { g_object_unref(UnsafeMutableRawPointer(gfile)) }
        let dialog = gtk_app_chooser_dialog_new(parent?.window, GTK_DIALOG_MODAL, gfile)!
        super.init(borrowing: dialog)
        gtk_app_chooser_dialog_set_heading(OpaquePointer(dialog), heading)
    }

    /// Dialogs waiting for an answer: nothing else holds them meanwhile.
    private static var showing: Set<AppChooser> = []

    /// Shows the dialog; when the user picks an application, opens the file with it.
    /// `done` gets the application's name, nil when the user cancelled, or the error
    /// the launch gave.
    public func run(_ done: @escaping @MainActor (Result<String?, GLibError>) -> Void) {
        Self.showing.insert(self)
        let body: ResponseHandler = { [weak self] response in
            guard let self else { return }
            let result = response == GTK_RESPONSE_OK.rawValue ? self.launchChosen() : .success(nil)
            Self.showing.remove(self)
            self.destroy()
            done(result)
        }
        _ = connectSignal("response", trampoline: gcallback(responseTrampoline), body: body)
        MnemonicButtonNames.fix(under: widget)
        present()
    }

    private func launchChosen() -> Result<String?, GLibError> {
        guard let info = gtk_app_chooser_get_app_info(OpaquePointer(widget)) else { return .success(nil) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let name = String(cString: g_app_info_get_display_name(info))
        let gfile = g_file_new_for_path(file.path)
        let files = g_list_append(nil, UnsafeMutableRawPointer(gfile))
        let context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget))
        defer {
            g_list_free(files)
            g_object_unref(UnsafeMutableRawPointer(gfile))
            g_object_unref(UnsafeMutableRawPointer(context))
        }
        do {
            _ = try GLibError.check { g_app_info_launch(info, files, UnsafeMutablePointer<GAppLaunchContext>(context), $0) }
            return .success(name)
        } catch let error as GLibError {
            return .failure(error)
        } catch {
            return .failure(.message(String(describing: error)))
        }
    }
}
