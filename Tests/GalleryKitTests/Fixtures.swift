import GRDB
import CPixbuf
import Foundation
import TestSupport
import Testing
@testable import GalleryKit

extension PhotoLibrary {
    /// Opens a library in a fresh folder inside `directory`.
    static func makeTemporary(in directory: TemporaryDirectory, limits: ImportLimits = ImportLimits(),
                              faults: FaultInjection = FaultInjection()) async throws -> PhotoLibrary {
        try await PhotoLibrary.open(at: directory.file("library"), importLimits: limits, faults: faults)
    }

    /// Imports `count` generated images named "name-1.png"…, in order.
    func importGenerated(_ count: Int, named name: String, in directory: TemporaryDirectory,
                         into destination: ImportDestination = .allPhotos()) async throws -> [PhotoID] {
        let folder = try directory.folder("source-\(UUID().uuidString)")
        let urls = try (1...count).map {
            try TestImages.write(folder.appendingPathComponent("\(name)-\($0).png"), width: 40 + $0, height: 30,
                                 mark: folder.lastPathComponent)
        }
        let report = try await importFiles(urls, into: destination)
        #expect(report.failures.isEmpty, "\(report.failures)")
        return report.photoIDs
    }

    func titles(in scope: CollectionScope) async throws -> [String] {
        try await items(in: scope).map(\.title)
    }
}

extension LibraryLocation {
    /// A library folder as an older Drover left it, for migration tests: photos/ and
    /// thumbnails/ (empty: the caller writes the files), and a database migrated up to
    /// `version` holding the rows `sql` inserts.
    static func makeOld(at directory: URL, migratedUpTo version: String, rows sql: String) async throws -> LibraryLocation {
        let location = LibraryLocation(directory: directory)
        for folder in [location.photosDirectory, location.thumbnailsDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        try Schema.migrator.migrate(queue, upTo: version)
        try await queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return location
    }
}

/// The names in `directory`, sorted. A folder that cannot be listed (missing, unreadable)
/// is a test failure, never an empty listing that an "is empty" check would pass.
func listing(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    } catch {
        Issue.record("cannot list \(directory.path): \(error)", sourceLocation: sourceLocation)
        return []
    }
}

var isRoot: Bool { geteuid() == 0 }

/// Records `fileName` in a closed library's import journal, as an import that was killed
/// after naming its copy and before committing it would have left it.
func journal(_ fileName: String, in location: LibraryLocation) throws {
    let queue = try DatabaseQueue(path: location.databaseURL.path)
    try queue.write { db in
        try db.execute(sql: "INSERT INTO importJournal (fileName, dateStarted) VALUES (?, 0)", arguments: [fileName])
    }
    try queue.close()
}
