import Dispatch

/// Runs blocking work (file I/O, decoding) on GCD threads instead of the Swift
/// concurrency pool, whose few threads must never block, and never on the caller's thread.
enum BlockingWork {
    private static let queue = DispatchQueue(label: "app.drover.GalleryKit.blocking", qos: .userInitiated, attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
