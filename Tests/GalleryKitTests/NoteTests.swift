import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

/// Text notes: dropped or pasted text as a tile of its own, in All Photos only.
@Suite struct NoteTests {
    @Test func aNoteIsATileWithItsTextAndFirstLine() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(2, named: "p", in: temp)
        var mirror = try await Mirror(library, .allPhotos)

        let text = "\n   Shopping list  \nEggs\nMilk\n"
        let id = try await library.addNote(text, at: 1)
        try await mirror.check()
        let items = try await library.items(in: .allPhotos)
        #expect(items.count == 3)
        let note = items[1]
        #expect(note.id == .note(id))
        #expect(note.kind == .note)
        #expect(note.title == "Shopping list")
        #expect(note.noteText == text)
        #expect(note.covers.isEmpty && note.thumbnailURLs.isEmpty)
        #expect(note.count == 1)
        #expect(!note.isMissing)
        #expect(note.albumNames.isEmpty)
        #expect(note.id.description == "note \(id.rawValue)")
        #expect(items[0].noteText == nil && items[0].kind == .photo)

        // The default place is the end.
        let last = try await library.addNote("Last")
        try await mirror.check()
        #expect(try await library.items(in: .allPhotos).last?.id == .note(last))
    }

    @Test func titlesAreTheFirstLineCutToSixtyCharacters() {
        #expect(NoteRow.title(of: "One line") == "One line")
        #expect(NoteRow.title(of: "  \t\n\r\n  second\tline \nthird") == "second\tline")
        let long = String(repeating: "word ", count: 40)
        let title = NoteRow.title(of: long)
        #expect(title.count <= 60 && title.hasSuffix("…"))
        #expect(title.hasPrefix("word word"))
        let exactly = String(repeating: "x", count: 60)
        #expect(NoteRow.title(of: exactly + "\nmore") == exactly)
        #expect(NoteRow.title(of: exactly + "y") == String(repeating: "x", count: 59) + "…")
        #expect(NoteRow.title(of: "🇫🇷 é") == "🇫🇷 é")
    }

    @Test func emptyAndOverlongTextIsRefused() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        for blank in ["", "   ", "\n\t \r\n"] {
            await #expect(throws: LibraryError.emptyNote) { try await library.addNote(blank) }
        }
        let limit = 100_000
        await #expect(throws: LibraryError.noteTooLong(limit: limit)) {
            try await library.addNote(String(repeating: "a", count: limit + 1))
        }
        // 10 MB of text, as a bad drop might bring.
        await #expect(throws: LibraryError.noteTooLong(limit: limit)) {
            try await library.addNote(String(repeating: "0123456789\n", count: 1_000_000))
        }
        #expect(try await library.items(in: .allPhotos).isEmpty)
        #expect(!LibraryError.emptyNote.message.isEmpty)
        #expect(LibraryError.noteTooLong(limit: limit).message.contains("100000"))

        // Exactly at the limit is fine; characters are counted, not bytes.
        try await library.addNote(String(repeating: "é", count: limit))
        #expect(try await library.items(in: .allPhotos).count == 1)
    }

    @Test func notesAreRemovedRestoredAndMovedLikePhotos() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(3, named: "p", in: temp)
        let album = try await library.createAlbum(named: "Album")
        try await library.addPhotos([ids[1]], toAlbum: album)
        let first = try await library.addNote("First note", at: 0)
        let second = try await library.addNote("Second note", at: 3)
        var mirror = try await Mirror(library, .allPhotos)
        var albumMirror = try await Mirror(library, .album(album))
        let before = try await library.items(in: .allPhotos)
        #expect(before.map(\.title) == ["First note", "p-1", "p-2", "Second note", "p-3"])

        // Removing a note and a photo together; undo puts both back exactly.
        let removed = try await library.removeItems([.note(second), .photo(ids[1]), .note(first)])
        #expect(Set(removed.noteIDs) == [first, second])
        #expect(removed.photos.map(\.id) == [ids[1]])
        #expect(try await library.titles(in: .allPhotos) == ["p-1", "p-3"])
        try await mirror.check()
        try await albumMirror.check()
        try await library.restore(removed)
        #expect(try await library.items(in: .allPhotos) == before)
        try await mirror.check()
        try await albumMirror.check()
        // Twice is harmless.
        try await library.restore(removed)
        #expect(try await library.items(in: .allPhotos) == before)

        // Moving.
        try await library.moveItems([.note(second), .note(first)], to: 0, in: .allPhotos)
        #expect(try await library.titles(in: .allPhotos) == ["Second note", "First note", "p-1", "p-2", "p-3"])
        try await mirror.check()

        // A removed note is gone for good once undo is not used: the next open has no trace.
        let gone = try await library.removeItems([.note(first)])
        #expect(gone.photos.isEmpty)
        try library.close()
        let reopened = try await PhotoLibrary.open(at: library.location.directory)
        #expect(try await reopened.titles(in: .allPhotos) == ["Second note", "p-1", "p-2", "p-3"])
        #expect(reopened.recoveryReport.isClean)
        await #expect(throws: LibraryError.itemNotFound(.note(first))) { _ = try await reopened.removeItems([.note(first)]) }
    }

    @Test func notesStayInAllPhotos() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "p", in: temp)
        let album = try await library.createAlbum(named: "Album")
        let note = try await library.addNote("Note")

        // Refused as a whole, so nothing half-happens; the app filters notes out first.
        await #expect(throws: LibraryError.notAllowedForNote(note)) {
            try await library.addItems([.photo(ids[0]), .note(note)], toAlbum: album)
        }
        #expect(try await library.items(in: .album(album)).isEmpty)
        await #expect(throws: LibraryError.notAllowedForNote(note)) {
            try await library.makeStack(of: [.photo(ids[0]), .note(note)])
        }
        await #expect(throws: LibraryError.notAllowedForNote(note)) { try await library.setTitle("New", of: .note(note)) }
        await #expect(throws: LibraryError.itemNotFound(.note(note))) {
            try await library.moveItems([.note(note)], to: 0, in: .album(album))
        }
        #expect(try await library.photos(in: [.note(note), .photo(ids[1])]).map(\.id) == [ids[1]])
        #expect(try await library.titles(in: .allPhotos) == ["p-1", "p-2", "Note"])
        #expect(!LibraryError.notAllowedForNote(note).message.isEmpty)
    }

    @Test func manyNotesLoadThroughTheWholeTablePath() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        // More than ItemLoader's threshold, so whole tables are read.
        _ = try await library.mutate { changes in
            for index in 0..<450 {
                try changes.db.execute(sql: "INSERT INTO note (text, dateAdded) VALUES (?, 0)", arguments: ["Note \(index)"])
                let id = NoteID(rawValue: changes.db.lastInsertedRowID)
                try changes.editMain { $0.insert(.note(id), at: $0.count) }
            }
        }
        let items = try await library.items(in: .allPhotos)
        #expect(items.count == 450)
        #expect(items[449].title == "Note 449" && items[449].noteText == "Note 449")
    }

    /// A library as the first release left it: schema v1, one stack.
    private static func writeVersionOneLibrary(at url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try Schema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO stack (id, title, dateCreated) VALUES (1, 'Old stack', 0)")
            try db.execute(sql: "INSERT INTO collectionEntry (position, kind, stackID) VALUES (0, 'stack', 1)")
        }
        try queue.close()
    }

    @Test func aVersionOneLibraryIsMigrated() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("old")
        let location = LibraryLocation(directory: directory)
        for folder in [directory, location.photosDirectory, location.thumbnailsDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Self.writeVersionOneLibrary(at: location.databaseURL)
        let library = try await PhotoLibrary.open(at: directory)
        let applied = try await library.pool.read { db in try Schema.migrator.appliedIdentifiers(db) }
        // Every migration this build knows has run (v2 added notes; later ones follow).
        #expect(applied == Set(Schema.migrator.migrations))
        #expect(applied.isSuperset(of: ["v1", "v2"]))
        try await library.addNote("New")
        let keys = try await library.pool.read { db in try OrderStore.loadMain(db).map(\.key) }
        #expect(keys.count == 2 && keys[0] == .stack(StackID(rawValue: 1)))

        // The triggers hold note entries to the rules v1's CHECK cannot express.
        await #expect(throws: DatabaseError.self) {
            try await library.pool.write { db in
                try db.execute(sql: "INSERT INTO collectionEntry (position, kind) VALUES (5, 'note')")
            }
        }
        await #expect(throws: DatabaseError.self) {
            try await library.pool.write { db in
                try db.execute(sql: "INSERT INTO note (id, text, dateAdded) VALUES (99, 'x', 0)")
                try db.execute(sql: "INSERT INTO collectionEntry (position, kind, stackID, noteID) VALUES (5, 'stack', 1, 99)")
            }
        }
    }
}
