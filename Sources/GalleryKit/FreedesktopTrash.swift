import CPixbuf
import Foundation

/// The freedesktop Trash, through GIO: where removed photos go, visible and restorable
/// in the file manager. Drover never unlinks a photo; if a file cannot be trashed it
/// stays where it is and the failure is reported.
enum FreedesktopTrash {
    enum Outcome: Equatable {
        case trashed
        /// Nothing to trash: the file was already gone.
        case notFound
        case failed(reason: String)
    }

    /// Blocking (a rename and a small .trashinfo write): call from `BlockingWork` or a database queue.
    static func moveToTrash(_ url: URL) -> Outcome {
        var message: UnsafeMutablePointer<CChar>?
        let result = drover_trash_file(url.path, &message)
        defer { g_free(message) }
        switch result {
        case 0: return .trashed
        case 1: return .notFound
        default: return .failed(reason: message.map { String(cString: $0) } ?? "unknown error")
        }
    }
}

/// A library file that could not go to the Trash. It stays in the library folder
/// (never unlinked) and the next open of the library tries again.
public struct TrashFailure: Error, Sendable, Hashable, LocalizedError {
    public let fileURL: URL
    /// GIO's reason, e.g. that the file system has no trash can.
    public let reason: String

    public var message: String { "“\(fileURL.lastPathComponent)” could not be moved to the Trash: \(reason)" }
    public var errorDescription: String? { message }
}

/// What `PhotoLibrary.trash(_:)` did with each removed photo's file.
public struct TrashReport: Sendable, Hashable {
    /// Library files now in the freedesktop Trash (their thumbnails are deleted).
    public internal(set) var trashed: [URL] = []
    /// Photos back in the library (undone) or whose files were already handled: left alone.
    public internal(set) var skipped: [PhotoID] = []
    /// Files that were already gone from the library folder: nothing to trash.
    public internal(set) var alreadyGone: [URL] = []
    /// Files that stay in the library folder, each with its reason.
    public internal(set) var failures: [TrashFailure] = []

    public var isComplete: Bool { failures.isEmpty }
}
