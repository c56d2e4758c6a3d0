import CGtk
import Foundation
import Localization

/// Asks for files or folders with the platform's file chooser: GtkFileChooserNative
/// (GTK 4.8 has no GtkFileDialog), so the desktop portal's chooser is used where there is
/// one, and GTK's own dialog elsewhere.
@MainActor
public final class FileChooser: Object {
    public enum Mode {
        /// One folder (an export's destination).
        case folder
        /// Any number of files.
        case files
        /// Any number of folders.
        case folders
    }

    public init(title: String, accept: String, parent: Window?, mode: Mode) {
        let action = mode == .files ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        let chooser = gtk_file_chooser_native_new(title, parent?.window, action, accept, tr("Cancel"))
        super.init(UnsafeMutableRawPointer(chooser!), ownership: .take)
        gtk_file_chooser_set_select_multiple(self.chooser, mode == .folder ? 0 : 1)
    }

    private var chooser: OpaquePointer { OpaquePointer(rawPointer) }

    /// The folder the chooser opens in.
    public func start(in folder: URL) {
        let file = g_file_new_for_path(folder.path)
        _ = gtk_file_chooser_set_current_folder(chooser, file, nil)
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// Choosers waiting for an answer: nothing else holds them meanwhile.
    private static var showing: Set<FileChooser> = []

    /// Shows the chooser; `done` gets the local files or folders chosen, none when cancelled.
    public func run(_ done: @escaping @MainActor ([URL]) -> Void) {
        let dialog: UnsafeMutablePointer<GtkNativeDialog> = pointer()
        Self.showing.insert(self)
        let body: ResponseHandler = { [weak self] response in
            guard let self else { return done([]) }
            let chosen = response == GTK_RESPONSE_ACCEPT.rawValue ? self.chosenURLs() : []
            Self.showing.remove(self)
            done(chosen)
        }
        _ = connectSignal("response", trampoline: gcallback(responseTrampoline), body: body)
        gtk_native_dialog_show(dialog)
    }

    private func chosenURLs() -> [URL] {
        guard let list = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        var urls: [URL] = []
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            defer { g_object_unref(item) }
            // Only local files: a chooser can offer remote locations, which Drover does not import.
            guard let path = g_file_get_path(OpaquePointer(item)) else { continue }
            urls.append(URL(fileURLWithPath: String(cString: path)))
            g_free(path)
        }
        return urls
    }
}

/// The user's special folders (XDG user directories).
public enum UserDirectories {
    /// The pictures folder (`XDG_PICTURES_DIR`, usually ~/Pictures), if the user has one.
    public static var pictures: URL? {
        guard let path = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) else { return nil }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true)
    }
}

typealias ResponseHandler = @MainActor (Int32) -> Void

// void (*)(GtkNativeDialog *, int response, gpointer)
let responseTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
    let box = SignalHandlerBox<ResponseHandler>.from(data)
    MainActor.assumeIsolated { box.body(response) }
}
