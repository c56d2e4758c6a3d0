import DecoderKit
import Foundation
import GRDB

/// A `note` table row, and the rules for a note's text and title.
struct NoteRow: Sendable {
    /// Enough for any real note; 10 MB dropped by mistake is refused rather than stored.
    static let maxCharacters = 100_000
    /// Titles longer than this are cut, with an ellipsis.
    static let maxTitleCharacters = 60

    var id: NoteID
    var text: String
    var dateAdded: Date

    init(id: NoteID, text: String, dateAdded: Date) {
        self.id = id
        self.text = text
        self.dateAdded = dateAdded
    }

    init(row: Row) {
        id = NoteID(rawValue: row[0])
        text = row[1]
        dateAdded = Date(timeIntervalSince1970: row[2])
    }

    static let columns = "id, text, dateAdded"

    /// Inserts the row, keeping `id` (restoring after undo reuses the original id).
    func insert(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO note (\(Self.columns)) VALUES (?, ?, ?)",
                       arguments: [id.rawValue, text, dateAdded.timeIntervalSince1970])
    }

    /// Refuses text a note cannot hold. Stops early on huge text: only the first
    /// `maxCharacters + 1` characters are ever counted.
    static func validate(_ text: String) throws {
        guard text.contains(where: { !$0.isWhitespace }) else { throw LibraryError.emptyNote }
        if text.utf8.count > maxCharacters,
           text.index(text.startIndex, offsetBy: maxCharacters, limitedBy: text.endIndex) != text.endIndex {
            throw LibraryError.noteTooLong(limit: maxCharacters)
        }
    }

    /// The first line with text in it, trimmed, cut to `maxTitleCharacters` (with an ellipsis).
    /// Only the title's length is ever copied, however long the line.
    static func title(of text: String) -> String {
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            var line = rest[..<end].drop(while: \.isWhitespace)
            while line.last?.isWhitespace == true { line = line.dropLast() }
            if !line.isEmpty {
                let limit = line.index(line.startIndex, offsetBy: maxTitleCharacters, limitedBy: line.endIndex)
                guard let limit, limit != line.endIndex else { return String(line) }
                var title = String(line[..<limit].dropLast())
                while title.last?.isWhitespace == true { title.removeLast() }
                return title + "…"
            }
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        return ""
    }

    var item: GalleryItem {
        GalleryItem(id: .note(id), title: Self.title(of: text), date: dateAdded,
                    pixelSize: PixelSize(width: 1, height: 1), covers: [], count: 1, albumNames: [], noteText: text)
    }
}
