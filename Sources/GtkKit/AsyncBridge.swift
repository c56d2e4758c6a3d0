import CGtk

/// An error reported by GLib through a `GError`.
public struct GLibError: Error, Equatable, CustomStringConvertible {
    public let domain: UInt32
    public let code: Int32
    public let message: String

    /// Takes ownership of `error` and frees it.
    public init(taking error: UnsafeMutablePointer<GError>) {
        domain = error.pointee.domain
        code = error.pointee.code
        message = String(cString: error.pointee.message)
        g_error_free(error)
    }

    public var isCancellation: Bool {
        domain == g_io_error_quark() && code == Int32(G_IO_ERROR_CANCELLED.rawValue)
    }

    public var description: String { message }

    /// An error of Drover's own, worded for people.
    public static func message(_ text: String) -> GLibError {
        GLibError(domain: g_io_error_quark(), code: Int32(G_IO_ERROR_FAILED.rawValue), message: text)
    }

    init(domain: UInt32, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }
}

/// A `GCancellable` that may be cancelled from any thread (GLib documents
/// `g_cancellable_cancel` as thread-safe), so Swift task cancellation can reach it.
public final class Cancellable: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<GCancellable>

    public init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    public func cancel() { g_cancellable_cancel(pointer) }
    public var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
}

/// Carries one completion through a `GAsyncReadyCallback`. The callback
/// takes the box back (balancing the retain made when the call started), so
/// it runs exactly once: GLib calls a ready callback exactly once.
private final class AsyncCallBox: @unchecked Sendable {
    let complete: (OpaquePointer) -> Void
    init(_ complete: @escaping (OpaquePointer) -> Void) { self.complete = complete }
}

private let asyncReady: GAsyncReadyCallback = { _, result, data in
    Unmanaged<AsyncCallBox>.fromOpaque(data!).takeRetainedValue().complete(result!)
}

/// Calls a GIO-style asynchronous function and awaits its result.
///
/// `start` receives a cancellable, the ready callback and its user data, and
/// must pass all three to the `_async` function. `finish` calls the matching
/// `_finish` with the `GAsyncResult` and throws `GLibError` on failure (see
/// `GLibError.check`). Cancelling the Swift task cancels the GCancellable; the
/// GIO call then completes with `G_IO_ERROR_CANCELLED`, surfaced as
/// `CancellationError`.
@MainActor
public func awaitGAsync<Value: Sendable>(
    _ start: (UnsafeMutablePointer<GCancellable>, GAsyncReadyCallback, gpointer) -> Void,
    finish: @escaping (OpaquePointer) throws -> Value
) async throws -> Value {
    let cancellable = Cancellable()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let box = AsyncCallBox { result in
                do {
                    continuation.resume(returning: try finish(result))
                } catch let error as GLibError where error.isCancellation {
                    continuation.resume(throwing: CancellationError())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            if cancellable.isCancelled == false, Task.isCancelled { cancellable.cancel() }
            start(cancellable.pointer, asyncReady, Unmanaged.passRetained(box).toOpaque())
        }
    } onCancel: {
        cancellable.cancel()
    }
}

extension GLibError {
    /// Runs a `_finish`-style call with a `GError **` and throws if it set one.
    public static func check<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
        var error: UnsafeMutablePointer<GError>?
        let value = body(&error)
        if let error { throw GLibError(taking: error) }
        return value
    }
}
