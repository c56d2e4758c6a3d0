import Foundation

/// A file made the first time someone asks for it, by one run of its maker however many ask
/// at once, and the same file for every later ask: what a drag out hands every target that
/// reads it (one copy per drag, however many formats or targets read it).
///
/// A failed make fails every ask: the drag offers that file no more.
public final class MadeOnceFile: @unchecked Sendable {
    // `making` and `made` are guarded by `lock`: asks come from any task.
    private let lock = NSLock()
    private let maker: @Sendable () async throws -> URL
    private var making: Task<URL, Error>?
    private var finished: URL?

    public init(_ maker: @escaping @Sendable () async throws -> URL) {
        self.maker = maker
    }

    /// The file, once it has been made; nil before (or if making it failed).
    public var made: URL? { lock.withLock { finished } }

    /// Makes the file, or waits for the make in progress, or returns the file made.
    public func make() async throws -> URL {
        let task = lock.withLock {
            if let making { return making }
            let maker = self.maker
            let started = Task { try await maker() }
            making = started
            return started
        }
        let url = try await task.value
        lock.withLock { finished = url }
        return url
    }
}
