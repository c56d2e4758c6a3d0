// Shared set-up for the GtkKit tests.
//
// Runner: XCTest, not Swift Testing. GTK must be used from the thread that
// initialised it, and the tests must prove that main-actor work runs *inside*
// GLib's loop, through the main-queue bridge, as it does in the app. On Linux:
//  - swift-corelibs-xctest runs `XCTMain` synchronously on the process's main
//    thread and calls each synchronous test method there, one at a time.
//    Nothing else drains libdispatch's main queue, so main-actor work runs
//    only when a test iterates GLib, exactly as under `g_application_run`.
//  - Swift Testing starts from an async `main`, which on Linux ends in
//    `dispatch_main()`: that parks the main thread and lets libdispatch's
//    worker threads drain the main queue. `@MainActor` tests then run off the
//    process's main thread (GTK would be called from a second thread), and
//    main-actor work runs whether or not GLib is iterated, so the bridge
//    could not be tested. Tests also run in parallel by default.
//    (Checked here with `swift test` under Xvfb: a Swift Testing `@MainActor`
//    test ran with Thread.isMainThread == false, on thread pid/task/pid+3,
//    while an XCTest method ran on the main thread, pid/task/pid.)
// So every test here is a synchronous XCTest method that enters the main actor
// with `MainActor.assumeIsolated`, which traps if it is not on the main thread.
import XCTest
import Foundation
import CGtk
import GtkKit

@MainActor
enum GTKTest {
    private static var initialized: Bool?

    /// Initialises GTK once, installs the main-queue bridge and drains pending
    /// work; throws `XCTSkip` (with the reason) when there is no display.
    static func setUp() throws {
        if initialized == nil {
            GLibLog.install()
            initialized = gtk_init_check() != 0
            if initialized == true { Adwaita.initialize() }
        }
        guard initialized == true else {
            // The test command always provides a display (scripts/test.sh sets
            // DROVER_REQUIRE_DISPLAY=1): there, no display is a failure, never a skip.
            if ProcessInfo.processInfo.environment["DROVER_REQUIRE_DISPLAY"] == "1" {
                XCTFail("gtk_init_check() failed although DROVER_REQUIRE_DISPLAY=1 (the test command provides a display)")
                throw XCTSkip("no display")
            }
            throw XCTSkip("GTK tests skipped: gtk_init_check() failed (no display). "
                + "Run them under xvfb-run with GDK_BACKEND=x11.")
        }
        MainLoop.installDispatchBridge()
        drain()
    }

    /// Dispatches whatever is ready now, so that earlier work does not leak into a test.
    static func drain() {
        var budget = 1_000
        while budget > 0, MainLoop.iterate() { budget -= 1 }
    }
}

/// Base class: skips without a display, and runs test bodies on the main actor.
/// Any GLib/GTK warning or critical logged during a test fails it.
class GTKTestCase: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GTKTest.setUp() }
        _ = GLibLog.takeWarnings()
    }

    override func tearDown() {
        MainActor.assumeIsolated { GTKTest.drain() }
        for warning in GLibLog.takeWarnings() { XCTFail("GLib logged: \(warning)") }
        super.tearDown()
    }

    /// Runs `body` on the main actor. XCTest calls test methods on the main
    /// thread (see above); `assumeIsolated` traps if that ever stops being true.
    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }
}

/// Iterates the GLib main loop until `condition` holds; false on timeout.
@MainActor
func waitUntil(timeout: Double = 2, _ condition: () -> Bool) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
}

/// Iterates the GLib main loop for `seconds`, to give stray callbacks a chance to run.
@MainActor
func spin(seconds: Double) {
    _ = MainLoop.iterate(until: { false }, timeout: seconds)
}

/// An instance whose lifetime a test watches through a Swift `weak` reference.
@MainActor
final class Tracked {}

/// A main-actor counter that closures can share.
@MainActor
final class Counter {
    var value = 0
    func increment() { value += 1 }
}

/// A main-actor flag that closures can share (a captured `var` would be copied
/// into a `@MainActor` closure, which is `Sendable`).
@MainActor
final class Flag {
    var value: Bool
    init(_ value: Bool = false) { self.value = value }
}

/// Emits a parameterless, void signal on `object` (g_signal_emit_by_name is
/// variadic and does not import into Swift).
@MainActor
func emit(_ signal: String, on object: Object) {
    let type = object.rawPointer.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    let id = g_signal_lookup(signal, type)
    precondition(id != 0, "no signal \(signal) on \(object.typeName)")
    var instance = GValue()
    g_value_init(&instance, type)
    g_value_set_object(&instance, object.rawPointer)
    g_signal_emitv(&instance, id, 0, nil)
    g_value_unset(&instance)
}

/// Records GLib warnings and criticals (GTK reports misuse through them), and
/// still prints everything through GLib's default writer.
enum GLibLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var warnings: [String] = []
    nonisolated(unsafe) private static var quiet = false

    /// Must run before anything logs; GLib allows one writer per process.
    static func install() {
        g_log_set_writer_func(writer, nil, nil)
    }

    /// Runs `body` without printing what it logs, and returns its warnings.
    static func capture(_ body: () -> Void) -> [String] {
        _ = takeWarnings()
        lock.withLock { quiet = true }
        body()
        lock.withLock { quiet = false }
        return takeWarnings()
    }

    static func takeWarnings() -> [String] {
        lock.withLock {
            defer { warnings = [] }
            return warnings
        }
    }

    private static let writer: GLogWriterFunc = { level, fields, count, data in
        let serious = GLogLevelFlags(rawValue: G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue)
        if level.rawValue & serious.rawValue != 0, let fields {
            var domain = "", message = ""
            for field in UnsafeBufferPointer(start: fields, count: Int(count)) {
                guard let key = field.key, let value = field.value, field.length < 0 else { continue }
                let text = String(cString: value.assumingMemoryBound(to: CChar.self))
                if strcmp(key, "GLIB_DOMAIN") == 0 { domain = text }
                if strcmp(key, "MESSAGE") == 0 { message = text }
            }
            GLibLog.lock.withLock { GLibLog.warnings.append("\(domain): \(message)") }
        }
        if GLibLog.lock.withLock({ GLibLog.quiet }) { return G_LOG_WRITER_HANDLED }
        return g_log_writer_default(level, fields, count, data)
    }
}
