import Foundation
import GRDB

/// What opening the library found and repaired after an unclean exit.
public struct RecoveryReport: Sendable, Equatable {
    /// Half-written ".import-…" files removed from photos/ and thumbnails/.
    public var removedTemporaryFiles: [String] = []
    /// Library copies (and thumbnails) with no photo row: an import was killed between
    /// copying and committing. They are Drover's copies, never the user's originals.
    public var removedOrphanFiles: [String] = []
    /// Photos whose library file is gone. Their rows are kept; tiles show them as missing.
    public var missingPhotos: [PhotoID] = []

    public var isClean: Bool { removedTemporaryFiles.isEmpty && removedOrphanFiles.isEmpty && missingPhotos.isEmpty }
}

/// Brings photos/ and thumbnails/ back in line with the database. Runs at open,
/// before anything else can import, so no file in flight can be mistaken for debris.
enum Recovery {
    static func run(_ pool: DatabasePool, location: LibraryLocation) throws -> RecoveryReport {
        var report = RecoveryReport()
        let rows = try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, fileName FROM photo ORDER BY id").map { (PhotoID(rawValue: $0[0]), $0[1] as String) }
        }
        let known = Set(rows.map(\.1))
        let knownThumbnails = Set(known.map { $0 + ".png" })

        let photoFiles = regularFiles(in: location.photosDirectory)
        for name in photoFiles {
            if name.hasPrefix(LibraryLocation.temporaryPrefix) {
                remove(location.photosDirectory, name, into: &report.removedTemporaryFiles)
            } else if !known.contains(name) {
                remove(location.photosDirectory, name, into: &report.removedOrphanFiles)
            }
        }
        for name in regularFiles(in: location.thumbnailsDirectory) {
            if name.hasPrefix(LibraryLocation.temporaryPrefix) {
                remove(location.thumbnailsDirectory, name, into: &report.removedTemporaryFiles)
            } else if !knownThumbnails.contains(name) {
                remove(location.thumbnailsDirectory, name, into: &report.removedOrphanFiles)
            }
        }
        let present = Set(photoFiles)
        report.missingPhotos = rows.filter { !present.contains($0.1) }.map(\.0)
        return report
    }

    /// Names of regular files only: a folder or link someone put there is left alone.
    private static func regularFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var info = stat()
            return lstat(directory.appendingPathComponent(name).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }.sorted()
    }

    private static func remove(_ directory: URL, _ name: String, into list: inout [String]) {
        if unlink(directory.appendingPathComponent(name).path) == 0 { list.append(name) }
    }
}
