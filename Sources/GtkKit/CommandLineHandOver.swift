import CAdwaita
import CGtk
import Foundation

/// Hands a command line to the primary instance of an application, through GIO alone: a
/// plain `GApplication`, so no display is needed and GTK is never initialised. For a
/// process that runs without a window (`drover --import-only`) and may have no display
/// at all (cron, ssh).
@MainActor
public enum CommandLineHandOver {
    /// Runs `arguments` (with the program name) in the primary instance of `id` and returns
    /// its exit status, or nil when no other process is that instance (no session bus, or
    /// nobody has registered the name). `whenRemote` runs once the primary instance is
    /// known to be another process, before the command line goes to it.
    public static func run(id: String, arguments: [String], whenRemote: () -> Void) -> Int32? {
        guard let application = g_application_new(id, G_APPLICATION_HANDLES_COMMAND_LINE) else { return nil }
        defer { g_object_unref(application) }
        guard g_application_register(application, nil, nil) != 0, g_application_get_is_remote(application) != 0 else {
            return nil
        }
        whenRemote()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(application, Int32(buffer.count), buffer.baseAddress)
        }
    }
}
