import DecoderKit
import CPixbuf
import Foundation

/// Where a library keeps its files:
///
///     <directory>/library.sqlite   the database (WAL: also -wal and -shm beside it)
///     <directory>/photos/          the library's copies of imported photos
///     <directory>/thumbnails/      one per photo, "<photo file name>.png" or ".jpg" (`ThumbnailFormat`)
///
/// Files being written are named ".import-…" in the folder they will end up in,
/// so a rename finishes them atomically and recovery can sweep leftovers.
public struct LibraryLocation: Hashable, Sendable {
    public let directory: URL
    /// Made once: opening 100,000 photos asked for these folders twice per photo, and
    /// each `appendingPathComponent` parses the whole path again.
    public let photosDirectory: URL
    public let thumbnailsDirectory: URL

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
        photosDirectory = self.directory.appendingPathComponent("photos", isDirectory: true)
        thumbnailsDirectory = self.directory.appendingPathComponent("thumbnails", isDirectory: true)
    }

    public var databaseURL: URL { directory.appendingPathComponent("library.sqlite") }

    func photoURL(fileName: String) -> URL { photoFile(fileName: fileName).url }

    func thumbnailURL(photoFileName: String, format: ThumbnailFormat) -> URL {
        thumbnailFile(photoFileName: photoFileName, format: format).url
    }

    func photoFile(fileName: String) -> LibraryFile { LibraryFile(folder: photosDirectory, name: fileName) }

    func thumbnailFile(photoFileName: String, format: ThumbnailFormat) -> LibraryFile {
        LibraryFile(folder: thumbnailsDirectory, name: photoFileName, thumbnailFormat: format)
    }

    /// Deletes the thumbnails named after `photoFileName`, in either format: for a photo, or a
    /// copy that never became one, whose files are going (both names are Drover's for it).
    func removeThumbnails(ofPhotoNamed photoFileName: String) {
        for format in ThumbnailFormat.allCases { unlink(thumbnailURL(photoFileName: photoFileName, format: format).path) }
    }

    static let temporaryPrefix = ".import-"

    /// Deletes a copy that never became a photo (and its thumbnail). Only for copies with
    /// no row: a photo's file is never unlinked, it goes to the Trash.
    func removeUncommittedCopy(fileName: String) {
        unlink(photoURL(fileName: fileName).path)
        removeThumbnails(ofPhotoNamed: fileName)
    }

    /// `$XDG_DATA_HOME/drover`, or `~/.local/share/drover` when XDG_DATA_HOME is unset: the
    /// user data folder as GLib reads it to the XDG spec (`g_get_user_data_dir`, through
    /// gdk-pixbuf's GLib; GalleryKit imports no GTK), as GIO's trash and GTK do.
    public static var defaultDirectory: URL {
        URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
            .appendingPathComponent("drover", isDirectory: true)
    }

    /// A sibling folder name that is free, to move a damaged library aside without
    /// deleting anything: "drover" becomes "drover-damaged-20261124-093015".
    static func asideDirectory(for directory: URL, reason: String) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = "\(directory.lastPathComponent)-\(reason)-\(formatter.string(from: Date()))"
        let parent = directory.deletingLastPathComponent()
        var candidate = parent.appendingPathComponent(base, isDirectory: true)
        var number = 2
        while access(candidate.path, F_OK) == 0 {
            candidate = parent.appendingPathComponent("\(base)-\(number)", isDirectory: true)
            number += 1
        }
        return candidate
    }

    /// A sibling folder that does not exist yet, for a fresh library when `directory`
    /// cannot be opened: "drover" suggests "drover-2", then "drover-3", and so on.
    /// Nothing is created; the bad library stays where it is.
    public static func suggestedFreshDirectory(near directory: URL) -> URL {
        let directory = directory.standardizedFileURL
        let parent = directory.deletingLastPathComponent()
        var base = directory.lastPathComponent
        var number = 2
        // "drover-2" suggests "drover-3", not "drover-2-2".
        if let dash = base.lastIndex(of: "-"), let existing = Int(base[base.index(after: dash)...]), existing >= 2 {
            number = existing + 1
            base = String(base[..<dash])
        }
        while true {
            let candidate = parent.appendingPathComponent("\(base)-\(number)", isDirectory: true)
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            number += 1
        }
    }
}
