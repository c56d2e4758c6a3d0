import CGtk
import Foundation

/// Opens URIs with the user's default application (a `geo:` URI opens a map).
@MainActor
public enum Launcher {
    public static func open(_ uri: String) async throws {
        let uri = uri
        _ = try await awaitGAsync({ cancellable, callback, data in
            g_app_info_launch_default_for_uri_async(uri, nil, cancellable, callback, data)
        }, finish: { result in
            try GLibError.check { g_app_info_launch_default_for_uri_finish(result, $0) }
        })
    }
}

typealias ResponseHandler = @MainActor (Int32) -> Void

/// Asks for a folder with the platform's file chooser (GtkFileChooserNative:
/// GTK 4.8 has no GtkFileDialog).
@MainActor
public final class FolderChooser: Object {
    public init(title: String, accept: String, parent: Window?) {
        let chooser = gtk_file_chooser_native_new(title, parent?.window, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept, "Cancel")
        super.init(UnsafeMutableRawPointer(chooser!), ownership: .take)
    }

    /// Choosers waiting for an answer: nothing else holds them meanwhile.
    private static var showing: Set<FolderChooser> = []

    /// Shows the chooser; `done` gets the folder, or nil when cancelled.
    public func run(_ done: @escaping @MainActor (URL?) -> Void) {
        let dialog: UnsafeMutablePointer<GtkNativeDialog> = pointer()
        let chooser = OpaquePointer(rawPointer)
        Self.showing.insert(self)
        let body: ResponseHandler = { [weak self] response in
            var folder: URL?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let path = g_file_get_path(file) {
                    folder = URL(fileURLWithPath: String(cString: path), isDirectory: true)
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            if let self { Self.showing.remove(self) }
            done(folder)
        }
        _ = connectSignal("response", trampoline: gcallback(responseTrampoline), body: body)
        gtk_native_dialog_show(dialog)
    }
}

// void (*)(GtkNativeDialog *, int response, gpointer)
private let responseTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
    let box = SignalHandlerBox<ResponseHandler>.from(data)
    MainActor.assumeIsolated { box.body(response) }
}
