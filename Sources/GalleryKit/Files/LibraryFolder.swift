// GalleryKit/Files: the library's files on disk. What a library folder holds and where
// it is, its lock, atomic writes (no overwrite, no torn file), regular-file checks and the
// freedesktop Trash. The database in it is Store/'s.

import Foundation

/// What a folder holds, judged before Drover writes anything in it, so that a folder
/// which is not (or no longer) a working Drover library is never cleaned out or taken over.
///
/// A library proves it is Drover's by its marker file (written when Drover creates it) or
/// by a database Drover wrote. Without either, a folder with anything in it is someone
/// else's.
enum LibraryFolder {
    enum Kind: Equatable {
        /// Missing or empty, or a library with nothing in it: Drover may create a library here.
        case new
        /// Has a database: `LibraryOpener` inspects it before writing.
        case library
        /// Shaped like a Drover library, with photos, but its database is missing or empty.
        /// Never opened or cleaned: its photos can only be rebuilt into a new library.
        case damaged(detail: String)
        /// Holds files that are not a Drover library's.
        case foreign
    }

    static let markerName = "drover-library.txt"
    /// Names a library folder holds, besides the marker.
    private static let libraryEntries: Set<String> = [
        "library.sqlite", "library.sqlite-wal", "library.sqlite-shm", "library.sqlite-journal", "photos", "thumbnails",
    ]

    static func inspect(_ location: LibraryLocation) throws(LibraryError) -> Kind {
        let directory = location.directory
        guard let entries = names(in: directory) else {
            throw LibraryError.unreadable(directory, detail: String(cString: strerror(errno)))
        }
        if entries.isEmpty { return .new }
        if let size = fileSize(location.databaseURL), size > 0 { return .library }

        let hasMarker = entries.contains(markerName)
        let onlyLibraryEntries = entries.allSatisfy { $0 == markerName || libraryEntries.contains($0) }
        let hasPhotos = !isEmptyOrAbsent(location.photosDirectory) || !isEmptyOrAbsent(location.thumbnailsDirectory)
        guard hasMarker || onlyLibraryEntries else { return .foreign }
        guard hasPhotos else { return onlyLibraryEntries ? .new : .foreign }
        let database = fileSize(location.databaseURL) == nil ? "missing" : "empty"
        return .damaged(detail: "its database, library.sqlite, is \(database), but photos/ still holds photos")
    }

    /// Writes the marker that makes this folder provably Drover's (atomically: a temp file,
    /// then a rename).
    static func writeMarker(in location: LibraryLocation) throws(LibraryError) {
        let text = """
            This folder is a Drover photo library.
            Drover keeps its database (library.sqlite), its copies of your photos (photos/) and
            their thumbnails (thumbnails/) here. Your original files are never moved or changed.
            Please do not put files of your own in photos/ or thumbnails/.

            """
        let code = TemporaryFiles.withNewPath(in: location.directory) { temporary -> Int32 in
            let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard file >= 0 else { return errno }
            var code: Int32 = 0
            let bytes = Array(text.utf8)
            if write(file, bytes, bytes.count) != bytes.count || fsync(file) != 0 { code = errno == 0 ? EIO : errno }
            close(file)
            if code == 0 && rename(temporary, location.directory.appendingPathComponent(markerName).path) != 0 { code = errno }
            if code != 0 { unlink(temporary) }  // made just above
            return code
        }
        guard code != 0 else { return }
        if code == ENOSPC || code == EDQUOT { throw LibraryError.diskFull(location.directory) }
        throw LibraryError.unreadable(location.directory, detail: String(cString: strerror(code)))
    }

    static func hasMarker(_ location: LibraryLocation) -> Bool {
        access(location.directory.appendingPathComponent(markerName).path, F_OK) == 0
    }

    private static func fileSize(_ url: URL) -> Int64? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    private static func isEmptyOrAbsent(_ directory: URL) -> Bool {
        guard let names = names(in: directory) else { return errno == ENOENT || errno == ENOTDIR }
        return names.isEmpty
    }

    /// The folder's entries (hidden ones too, without "." and ".."), or nil with `errno` set.
    private static func names(in directory: URL) -> [String]? {
        guard let stream = opendir(directory.path) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
