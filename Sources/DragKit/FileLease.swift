import Foundation

/// A private temporary directory whose files stay valid for the length of one drop and are
/// removed when the drop is over.
///
/// Why a lease rather than handing out the source's own file: the source may delete or
/// rewrite its file as soon as the drag ends, and a drop's loads often finish later. Copies
/// inside the lease belong to the target until it calls `end()` (or the lease is released).
public final class FileLease: @unchecked Sendable {
    // Mutable state is guarded by `lock`, so the lease can be shared with loader tasks.
    public let directory: URL
    private let lock = NSLock()
    private var ended = false

    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("drover-drop-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { end() }

    public var isActive: Bool { lock.withLock { !ended } }

    /// A fresh location for a file called `name`. Each file gets its own subdirectory so that
    /// two items suggesting the same name never overwrite each other.
    public func makeFileURL(named name: String) throws -> URL {
        try lock.withLock {
            guard !ended else { throw FileLeaseError.ended }
            let folder = directory.appendingPathComponent(UUID().uuidString, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            return folder.appendingPathComponent(Self.safeFileName(name))
        }
    }

    /// Removes every file of the lease. Calling it again does nothing.
    public func end() {
        lock.withLock {
            guard !ended else { return }
            ended = true
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// A suggested name comes from another application: keep only its last path component.
    static func safeFileName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        return (last.isEmpty || last == "." || last == "..") ? "item" : last
    }
}

public enum FileLeaseError: Error, Equatable {
    /// The drop is over and its files are gone.
    case ended
}
