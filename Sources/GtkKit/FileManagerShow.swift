import CGtk
import Foundation

/// Shows files in the user's file manager, selected in their folder: the freedesktop
/// `org.freedesktop.FileManager1.ShowItems` call on the session bus, which Nautilus,
/// Nemo, Thunar, Dolphin and PCManFM-Qt answer (the bus starts one that is installed but
/// not running). Where nothing answers, the folder of the first file is opened with the
/// default application for folders (`Launcher.open`).
@MainActor
public enum FileManagerShow {
    static let busName = "org.freedesktop.FileManager1"
    static let objectPath = "/org/freedesktop/FileManager1"

    /// Shows `files` (local files); throws only when neither the file manager nor the
    /// folder's default application could show them.
    public static func showItems(_ files: [URL]) async throws {
        guard let first = files.first else { return }
        do {
            try await callShowItems(files.map(\.absoluteString))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try await Launcher.open(first.deletingLastPathComponent().absoluteString)
        }
    }

    /// `ShowItems(as uris, s startup_id)`, with an empty startup id: GTK 4.8 makes one only
    /// for a GAppInfo it launches itself.
    static func callShowItems(_ uris: [String]) async throws {
        let connection = try await awaitGAsync({ cancellable, callback, data in
            g_bus_get(G_BUS_TYPE_SESSION, cancellable, callback, data)
        }, finish: { result in
            BusConnection(try GLibError.check { g_bus_get_finish(result, $0) })
        })
        let parameters = showItemsParameters(uris)
        _ = try await awaitGAsync({ cancellable, callback, data in
            g_dbus_connection_call(connection.pointer, busName, objectPath, busName, "ShowItems", parameters,
                                   nil, G_DBUS_CALL_FLAGS_NONE, -1, cancellable, callback, data)
        }, finish: { result in
            let reply = try GLibError.check { g_dbus_connection_call_finish(connection.pointer, result, $0) }
            if let reply { g_variant_unref(reply) }
        })
    }

    /// The call's arguments, `(as s)`, as a floating GVariant (the call sinks it).
    static func showItemsParameters(_ uris: [String]) -> OpaquePointer {
        let strings = uris.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        let list = strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, gssize(uris.count))
            }
        }
        var children: [OpaquePointer?] = [list, g_variant_new_string("")]
        return g_variant_new_tuple(&children, 2)
    }
}

/// A `GDBusConnection` reference, handed from GLib's callback to the awaiting caller.
private final class BusConnection: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer?) { self.pointer = pointer! }
    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
