// The async bridge: a GIO call awaited from Swift resumes exactly once, with the
// value or the GError, cancels through GCancellable, and leaks nothing.
import XCTest
import Foundation
import CGtk
import GtkKit

/// What one awaited GIO call did.
@MainActor
private final class CallRecord {
    var finishes = 0            // calls of the `finish` closure
    var resumes = 0             // times the awaiting code continued
    var value: String?
    var error: (any Error)?
    var finishError: GLibError?  // the GError `finish` saw
    var cancellable: WeakObjectReference?
    var cancellablePointer: UnsafeMutablePointer<GCancellable>?
    var cancellableWasCancelled: Bool?
    weak var captured: Tracked?  // captured by `finish`, so it lives as long as the box
    var done: Bool { resumes > 0 }

    func started(_ cancellable: UnsafeMutablePointer<GCancellable>) {
        self.cancellable = WeakObjectReference(cancellable)
        cancellablePointer = cancellable
    }

    /// Runs a `_finish` call on behalf of `awaitGAsync`, recording what it saw.
    func finish<T>(_ body: () throws -> T) throws -> T {
        finishes += 1
        if let pointer = cancellablePointer { cancellableWasCancelled = g_cancellable_is_cancelled(pointer) != 0 }
        cancellablePointer = nil
        do { return try body() } catch let error as GLibError { finishError = error; throw error }
    }
}

final class AsyncBridgeTests: GTKTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = NSTemporaryDirectory() + "gtkkit-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    /// Starts a task that loads `path` with g_file_load_contents_async.
    @MainActor
    private static func load(_ path: String, into record: CallRecord) -> Task<Void, Never> {
        Task { @MainActor in
            let tracked = Tracked()
            record.captured = tracked
            let file = g_file_new_for_path(path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            do {
                let text = try await awaitGAsync({ cancellable, callback, data in
                    record.started(cancellable)
                    g_file_load_contents_async(file, cancellable, callback, data)
                }, finish: { result in
                    try record.finish {
                        _ = tracked
                        var contents: UnsafeMutablePointer<CChar>?
                        var length: gsize = 0
                        _ = try GLibError.check { g_file_load_contents_finish(file, result, &contents, &length, nil, $0) }
                        defer { g_free(contents) }
                        return String(cString: contents!)
                    }
                })
                record.value = text
            } catch {
                record.error = error
            }
            record.resumes += 1
        }
    }

    /// Starts a task that waits for a connection that never comes: only
    /// cancellation can end it.
    @MainActor
    private static func acceptForever(into record: CallRecord, cancelFirst: Bool = false) throws -> Task<Void, Never> {
        let listener = g_socket_listener_new()!
        _ = try GLibError.check { g_socket_listener_add_any_inet_port(listener, nil, $0) }
        return Task { @MainActor in
            defer {
                g_socket_listener_close(listener)
                g_object_unref(listener)
            }
            let tracked = Tracked()
            record.captured = tracked
            if cancelFirst { withUnsafeCurrentTask { $0?.cancel() } }
            do {
                _ = try await awaitGAsync({ cancellable, callback, data in
                    record.started(cancellable)
                    g_socket_listener_accept_async(listener, cancellable, callback, data)
                }, finish: { result in
                    try record.finish {
                        _ = tracked
                        let connection = try GLibError.check { g_socket_listener_accept_finish(listener, result, nil, $0) }
                        g_object_unref(connection)
                        return true
                    }
                })
                record.value = "accepted"
            } catch {
                record.error = error
            }
            record.resumes += 1
        }
    }

    func testGIOCallResumesOnceWithTheValue() throws {
        let path = directory + "/hello.txt"
        try "hello from drover".write(toFile: path, atomically: true, encoding: .utf8)
        onMain {
            let record = CallRecord()
            _ = Self.load(path, into: record)
            XCTAssertTrue(waitUntil { record.done }, "the awaited call never resumed")
            spin(seconds: 0.05)
            XCTAssertEqual(record.value, "hello from drover")
            XCTAssertNil(record.error)
            XCTAssertEqual(record.finishes, 1)
            XCTAssertEqual(record.resumes, 1)
            XCTAssertEqual(record.cancellableWasCancelled, false)
            XCTAssertTrue(waitUntil { record.captured == nil }, "the continuation box leaked")
            XCTAssertTrue(waitUntil { record.cancellable?.isAlive == false }, "the GCancellable leaked")
        }
    }

    func testGIOErrorIsThrownAsGLibErrorWithItsMessage() {
        let path = directory + "/missing.txt"
        onMain {
            let record = CallRecord()
            _ = Self.load(path, into: record)
            XCTAssertTrue(waitUntil { record.done }, "the awaited call never resumed")
            spin(seconds: 0.05)
            XCTAssertNil(record.value)
            let error = record.error as? GLibError
            XCTAssertNotNil(error, "expected a GLibError, got \(String(describing: record.error))")
            XCTAssertEqual(error?.domain, g_io_error_quark())
            XCTAssertEqual(error?.code, Int32(G_IO_ERROR_NOT_FOUND.rawValue))
            XCTAssertTrue(error?.message.contains("No such file or directory") == true, error?.message ?? "")
            XCTAssertTrue(error?.message.contains("missing.txt") == true, error?.message ?? "")
            XCTAssertEqual(record.finishes, 1)
            XCTAssertEqual(record.resumes, 1)
            XCTAssertTrue(waitUntil { record.captured == nil }, "the continuation box leaked")
            XCTAssertTrue(waitUntil { record.cancellable?.isAlive == false }, "the GCancellable leaked")
        }
    }

    func testCancellingTheTaskCancelsTheGIOCall() throws {
        try onMain {
            let record = CallRecord()
            let task = try Self.acceptForever(into: record)
            XCTAssertTrue(waitUntil { record.cancellable != nil }, "the call never started")
            spin(seconds: 0.05)
            XCTAssertFalse(record.done, "accept() finished without a client")
            task.cancel()
            XCTAssertTrue(waitUntil { record.done }, "cancelling the task did not end the GIO call")
            spin(seconds: 0.05)
            XCTAssertTrue(record.error is CancellationError, "expected CancellationError, got \(String(describing: record.error))")
            XCTAssertEqual(record.finishError?.isCancellation, true, "GIO did not report G_IO_ERROR_CANCELLED")
            XCTAssertEqual(record.cancellableWasCancelled, true, "the GCancellable was not cancelled")
            XCTAssertEqual(record.finishes, 1)
            XCTAssertEqual(record.resumes, 1)
            XCTAssertTrue(waitUntil { record.captured == nil }, "the continuation box leaked")
            XCTAssertTrue(waitUntil { record.cancellable?.isAlive == false }, "the GCancellable leaked")
        }
    }

    func testATaskCancelledBeforeTheCallDoesNotWait() throws {
        try onMain {
            let record = CallRecord()
            _ = try Self.acceptForever(into: record, cancelFirst: true)
            XCTAssertTrue(waitUntil { record.done }, "an already-cancelled task waited for the GIO call")
            XCTAssertTrue(record.error is CancellationError, "expected CancellationError, got \(String(describing: record.error))")
            XCTAssertEqual(record.cancellableWasCancelled, true)
            XCTAssertEqual(record.finishes, 1)
            XCTAssertEqual(record.resumes, 1)
            XCTAssertTrue(waitUntil { record.captured == nil }, "the continuation box leaked")
            XCTAssertTrue(waitUntil { record.cancellable?.isAlive == false }, "the GCancellable leaked")
        }
    }
}
