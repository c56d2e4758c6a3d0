import Foundation
import GRDB

extension PhotoLibrary {
    /// Turns photos by `rotation` (Rotate Left/Right), in the library only: their files are
    /// never touched. Tiles showing them are published as updated. Undo is a turn by
    /// `rotation.inverse`.
    ///
    /// - Throws: `LibraryError.photoNotFound` for a photo not in the library (nothing is
    ///   turned then), `LibraryError.readOnly`, `LibraryError.storageFailed`.
    public func rotate(_ photos: [PhotoID], by rotation: PhotoRotation) async throws {
        guard !photos.isEmpty, !rotation.isUpright else { return }
        try await mutate { changes in
            for id in photos {
                try changes.db.execute(sql: "UPDATE photo SET rotation = (rotation + ?) % 4 WHERE id = ?",
                                       arguments: [rotation.quarterTurns, id.rawValue])
                guard changes.db.changesCount > 0 else { throw LibraryError.photoNotFound(id) }
            }
            changes.touch(photos)
        }
    }

    /// A photo's rotation (upright for a photo not in the library).
    public func rotation(of photo: PhotoID) async throws -> PhotoRotation {
        try await read { db in
            PhotoRotation(quarterTurns: try Int.fetchOne(db, sql: "SELECT rotation FROM photo WHERE id = ?",
                                                         arguments: [photo.rawValue]) ?? 0)
        }
    }
}
