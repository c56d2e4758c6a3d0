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

    enum RestoreOutcome: Equatable {
        case restored
        /// No trashed copy of the file: emptied from the Trash, or restored already.
        case notInTrash
        case failed(reason: String)
    }

    /// Moves the newest trashed copy of `original` back to where it was, as a file
    /// manager's Restore does: the home trash ($XDG_DATA_HOME/Trash), where GIO puts the
    /// files of a library under the home folder. Blocking: call from a database queue.
    static func restore(_ original: URL) -> RestoreOutcome {
        let trash = URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
            .appendingPathComponent("Trash", isDirectory: true)
        let info = trash.appendingPathComponent("info", isDirectory: true)
        let files = trash.appendingPathComponent("files", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: info.path) else { return .notInTrash }
        // Each .trashinfo names the original path (escaped) and when it was trashed.
        var newest: (name: String, date: String)?
        for name in names where name.hasSuffix(".trashinfo") {
            guard let text = try? String(contentsOf: info.appendingPathComponent(name), encoding: .utf8) else { continue }
            var path: String?
            var date = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("Path=") { path = String(line.dropFirst(5)).removingPercentEncoding }
                if line.hasPrefix("DeletionDate=") { date = String(line.dropFirst(13)) }
            }
            let trashedName = String(name.dropLast(".trashinfo".count))
            // An entry whose file is gone was emptied by hand: not a copy to restore.
            guard path == original.path, newest.map({ date > $0.date }) ?? true,
                  FileManager.default.fileExists(atPath: files.appendingPathComponent(trashedName).path) else { continue }
            newest = (trashedName, date)
        }
        guard let newest else { return .notInTrash }
        if FileManager.default.fileExists(atPath: original.path) {
            return .failed(reason: "another file has its name in the library folder")
        }
        let trashed = files.appendingPathComponent(newest.name)
        guard rename(trashed.path, original.path) == 0 else { return .failed(reason: String(cString: strerror(errno))) }
        // The entry described the file just taken out of the Trash.
        try? FileManager.default.removeItem(at: info.appendingPathComponent(newest.name + ".trashinfo"))
        return .restored
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
