import CAdwaita
import CGtk
import Foundation

/// The part of a remote (or local) invocation's command line the app needs.
public struct CommandLineInvocation: Sendable {
    public let arguments: [String]
    public let workingDirectory: String?
    public let isRemote: Bool
}

/// What the invoking process gets back: its exit status and a message, printed
/// on the invoking terminal (which, for a remote invocation, is not ours).
public struct CommandLineResult: Sendable {
    public var status: Int32
    public var message: String?
    public var toStandardOutput: Bool
    public init(status: Int32, message: String? = nil, toStandardOutput: Bool = false) {
        self.status = status
        self.message = message
        self.toStandardOutput = toStandardOutput
    }
}

/// An `AdwApplication` (a `GtkApplication` that initialises libadwaita at startup, so
/// its widgets, style sheet and dark style work): single instance, with command lines
/// forwarded to the primary instance.
@MainActor
public final class Application: Object {
    public init(id: String, flags: GApplicationFlags = G_APPLICATION_HANDLES_COMMAND_LINE) {
        super.init(UnsafeMutableRawPointer(adw_application_new(id, flags)), ownership: .take)
    }

    public var application: UnsafeMutablePointer<GtkApplication> { pointer() }
    private var gApplication: UnsafeMutablePointer<GApplication> { pointer() }

    /// Runs the main loop until the application quits. Installs the main-queue
    /// bridge first, so Swift concurrency works inside the loop.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainLoop.installDispatchBridge()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(buffer.count), buffer.baseAddress)
        }
    }

    /// Registers on the session bus without running. Afterwards `isRemote` tells whether
    /// another process is the primary instance (then `run` hands it this command line).
    public func register() -> Bool { g_application_register(gApplication, nil, nil) != 0 }
    public var isRemote: Bool { g_application_get_is_remote(gApplication) != 0 }

    public func quit() { g_application_quit(gApplication) }
    public func hold() { g_application_hold(gApplication) }
    public func release() { g_application_release(gApplication) }

    public func addAction(_ action: Action) { g_action_map_add_action(OpaquePointer(rawPointer), OpaquePointer(action.rawPointer)) }
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var cStrings: [UnsafePointer<CChar>?] = accelerators.map { UnsafePointer(strdup($0)) } + [nil]
        defer { cStrings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(application, action, &cStrings)
    }

    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("activate", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("startup", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }

    /// Called in the primary instance for its own command line and for every
    /// remote one. Return the exit status for the invoking process.
    @discardableResult
    public func onCommandLine(_ handler: @escaping @MainActor (CommandLineInvocation) -> CommandLineResult) -> SignalConnection {
        connectSignal("command-line", trampoline: gcallback(commandLineTrampoline),
                      body: handler as CommandLineHandler)
    }
}

typealias CommandLineHandler = @MainActor (CommandLineInvocation) -> CommandLineResult

// int (*)(GApplication *, GApplicationCommandLine *, gpointer)
private let commandLineTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GApplicationCommandLine>?, gpointer?) -> Int32 = { _, commandLine, data in
    let box = SignalHandlerBox<CommandLineHandler>.from(data)
    var count: Int32 = 0
    let argv = g_application_command_line_get_arguments(commandLine, &count)
    defer { g_strfreev(argv) }
    let arguments = (0..<Int(count)).compactMap { argv?[$0].map { String(cString: $0) } }
    let cwd = g_application_command_line_get_cwd(commandLine).map { String(cString: $0) }
    let remote = g_application_command_line_get_is_remote(commandLine) != 0
    let invocation = CommandLineInvocation(arguments: arguments, workingDirectory: cwd, isRemote: remote)
    let result = MainActor.assumeIsolated { box.body(invocation) }
    if let message = result.message { drover_command_line_print(commandLine, message, result.toStandardOutput ? 1 : 0) }
    return result.status
}
