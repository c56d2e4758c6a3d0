import DecoderKit
import Foundation
import GRDB

/// A photo copied into the library, verified, measured and thumbnailed, but not yet in
/// any collection: the first half of an import, for a drop whose placeholder may move
/// before the photo is ready. Commit it with `PhotoLibrary.commitImports(_:into:)`, or
/// remove it with `PhotoLibrary.discardImport(_:)`. Use it with the library that made it.
public struct PreparedImport: Sendable, Hashable, Identifiable {

    /// The file it was imported from (only ever read).
    public let source: URL
    /// The title the photo will have.
    public let title: String
    /// The thumbnail, already written: equal to the `thumbnailURL` of `covers[0]` of the
    /// committed photo's `GalleryItem` (both name the same library copy).
    public let thumbnailURL: URL
    /// The upright size in pixels.
    public let pixelSize: PixelSize

    /// The library copy's name and the row's other fields.
    let photo: PreparedPhoto
    /// The library it was prepared in: another library must never commit or delete it.
    let libraryDirectory: URL

    /// Names this import for its whole life: the batch that commits it carries it
    /// (`CollectionChange.commits`). Made of the library copy's file name, unique in the
    /// library and claimed by the import journal from preparation to commit or discard.
    public var id: CommitID { CommitID(rawValue: photo.fileName) }

    init(_ photo: PreparedPhoto, in location: LibraryLocation) {
        source = photo.source
        title = photo.title
        thumbnailURL = location.thumbnailURL(photoFileName: photo.fileName, format: photo.thumbnailFormat)
        pixelSize = photo.pixelSize
        self.photo = photo
        libraryDirectory = location.directory
    }
}

extension PhotoLibrary {
    /// Copies one file into the library folder, verifies it by decoding, measures it and
    /// makes its thumbnail, off the caller's thread; it is not yet in any collection, and
    /// observers see nothing. This is the slow half of an import (`importSources` runs
    /// the same preparation).
    ///
    /// A prepared copy that is neither committed nor discarded (Drover stopped) is an
    /// import leftover: the next open deletes it, as it does any copy without a row.
    ///
    /// Each preparation runs on a thread of its own (see `BlockingWork.runOnOwnThread`):
    /// callers run at most `ImportLimits.filesInFlight` at once, as `importSources` does.
    ///
    /// - Throws: `ImportFailure` with its reason (not an image, damaged, too large, already
    ///   in the library unless `source.allowsDuplicate`…),
    ///   leaving nothing behind; reason `.cancelled` if the task was cancelled.
    public func prepareImport(_ source: ImportSource) async throws -> PreparedImport {
        guard !Task.isCancelled else { throw ImportFailure(source: source.url, reason: .cancelled) }
        guard !isReadOnly else { throw LibraryError.readOnly(location.directory) }
        let preparer = self.preparer
        let result = await ImportCancellation.runBlocking { preparer.prepare(source, cancellation: $0) }
        switch await refusingDuplicate(result, of: source) {
        case .failure(let reason):
            throw ImportFailure(source: source.url, reason: reason)
        case .success(let photo):
            let prepared = PreparedImport(photo, in: location)
            // Cancelled while preparing (the placeholder was dismissed): leave no trace.
            if Task.isCancelled {
                await discardImport(prepared)
                throw ImportFailure(source: source.url, reason: .cancelled)
            }
            return prepared
        }
    }

    /// Inserts prepared photos at the destination, in the order given, in one transaction
    /// (the quick half of an import). Observers get the insert steps in one batch per
    /// collection, whose `commits` maps each inserted photo to its `PreparedImport.id`.
    /// Returns the photos' ids.
    ///
    /// - Throws: `LibraryError.albumNotFound`, `LibraryError.preparedImportUnavailable`
    ///   (discarded, committed already, or from another library), `LibraryError.storageFailed`.
    ///   Nothing is inserted then, and the prepared copies stay: commit them elsewhere or
    ///   discard them.
    public func commitImports(_ prepared: [PreparedImport],
                              into destination: ImportDestination = .allPhotos()) async throws -> [PhotoID] {
        guard !prepared.isEmpty else { return [] }
        let location = location
        for item in prepared where item.libraryDirectory != location.directory {
            throw LibraryError.preparedImportUnavailable(source: item.source, detail: "it was prepared for another library")
        }
        let duplicates = Dictionary(grouping: prepared, by: \.photo.fileName).values.first { $0.count > 1 }
        if let duplicate = duplicates?.first {
            throw LibraryError.preparedImportUnavailable(source: duplicate.source, detail: "it is listed twice")
        }
        return try await commitPrepared(prepared.map(\.photo), into: destination, offset: 0)
    }

    /// Removes a prepared copy and its thumbnail that will not be committed (the user
    /// dismissed its placeholder). Does nothing for a copy already committed (that is a
    /// photo now: remove it with `removeItems`) or prepared by another library.
    public func discardImport(_ prepared: PreparedImport) async {
        let location = location
        guard prepared.libraryDirectory == location.directory else { return }
        let fileName = prepared.photo.fileName
        // On the writer, so a commit of the same copy cannot land between check and unlink.
        // If the database cannot be read, the copy stays: the next open deletes it as a leftover.
        _ = try? await pool.writeWithoutTransaction { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM photo WHERE fileName = ?", arguments: [fileName]) != true else { return }
            location.removeUncommittedCopy(fileName: fileName)
            try ImportJournal.forget(fileName, in: db)
        }
    }
}
