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
