import Foundation
import GRDB

extension PhotoLibrary {
    /// Adds a text note (dropped or pasted text) to All Photos at `index` (nil: the end).
    /// Its tile's title is the text's first line; `GalleryItem.noteText` holds it all.
    /// Notes live in All Photos only. Remove, restore and move them like photos, with
    /// `removeItems(_:)`, `restore(_:)` and `moveItems(_:to:in:)`. `commitID`, if given,
    /// names the insert in its change batch (`CollectionChange.commits`), for a view whose
    /// placeholder waits for this note.
    ///
    /// - Throws: `LibraryError.emptyNote` for text that is only spaces and line breaks,
    ///   `LibraryError.noteTooLong` past 100,000 characters.
    @discardableResult
    public func addNote(_ text: String, at index: Int? = nil, as commitID: CommitID? = nil) async throws -> NoteID {
        try await mutate { changes in
            // Checked here, on the writer's queue, so huge text never ties up the caller's thread.
            try NoteRow.validate(text)
            try changes.db.execute(sql: "INSERT INTO note (text, dateAdded) VALUES (?, ?)",
                                   arguments: [text, Date().timeIntervalSince1970])
            let id = NoteID(rawValue: changes.db.lastInsertedRowID)
            try changes.editMain { main in main.insert(.note(id), at: index ?? main.count) }
            if let commitID { changes.recordCommit(of: commitID, as: .note(id)) }
            return id
        }
    }
}
