import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct MutationTests {
    @Test func orderAndAlbumsPersistAcrossReopening() async throws {
        let temp = try TemporaryDirectory()
        var library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(4, named: "o", in: temp)
        try await library.moveItems([.photo(ids[3]), .photo(ids[0])], to: 1, in: .allPhotos)
        let a = try await library.createAlbum(named: "A")
        let b = try await library.createAlbum(named: "B")
        let c = try await library.createAlbum(named: "C", at: 0)
        try await library.moveAlbum(a, to: 2)
        try await library.renameAlbum(b, to: "Bee")
        try await library.addItems([.photo(ids[2]), .photo(ids[1])], toAlbum: c)
        try await library.addPhotos([ids[0], ids[2]], toAlbum: c, at: 1)  // ids[2] already there: stays
        try library.close()

        library = try await PhotoLibrary.open(at: library.location.directory)
        #expect(try await library.titles(in: .allPhotos) == ["o-2", "o-4", "o-1", "o-3"])
        #expect(try await library.albums().map(\.name) == ["C", "Bee", "A"])
        #expect(try await library.titles(in: .album(c)) == ["o-3", "o-1", "o-2"])
        let summary = try #require(try await library.albums().first)
        #expect(summary.photoCount == 3)
        #expect(summary.coverThumbnailURL?.lastPathComponent == "o-3.png.png")

        try await library.removePhotos([ids[0]], fromAlbum: c)
        #expect(try await library.titles(in: .album(c)) == ["o-3", "o-2"])
        try await library.deleteAlbum(c)
        #expect(try await library.albums().map(\.name) == ["Bee", "A"])
        #expect(try await library.photoCount() == 4, "deleting an album keeps its photos")
        await #expect(throws: LibraryError.albumNotFound(c)) { try await library.items(in: .album(c)) }
        await #expect(throws: LibraryError.albumNotFound(c)) { try await library.renameAlbum(c, to: "x") }
        await #expect(throws: LibraryError.itemNotFound(.photo(PhotoID(rawValue: 42)))) {
            try await library.moveItems([.photo(PhotoID(rawValue: 42))], to: 0, in: .allPhotos)
        }
    }

    @Test func movingBetweenAlbumsIsOneChange() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(3, named: "m", in: temp)
        let from = try await library.createAlbum(named: "From")
        let to = try await library.createAlbum(named: "To")
        try await library.addPhotos(ids, toAlbum: from)
        try await library.addPhotos([ids[2]], toAlbum: to)

        try await library.movePhotos([ids[0], ids[2]], from: from, to: to)
        #expect(try await library.titles(in: .album(from)) == ["m-2"])
        #expect(try await library.titles(in: .album(to)) == ["m-3", "m-1"], "one already there keeps its place")

        // A vanished destination leaves the origin as it was: never in neither album.
        try await library.deleteAlbum(to)
        await #expect(throws: LibraryError.albumNotFound(to)) { try await library.movePhotos([ids[1]], from: from, to: to) }
        #expect(try await library.titles(in: .album(from)) == ["m-2"])
    }

    @Test func stacksShowAsOneTileWhereTheirFirstPhotoWas() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(6, named: "s", in: temp)
        let stack = try await library.makeStack(of: [.photo(ids[4]), .photo(ids[2]), .photo(ids[3]), .photo(ids[5])], title: "Cats")
        var items = try await library.items(in: .allPhotos)
        #expect(items.map(\.title) == ["s-1", "s-2", "Cats"])
        let tile = items[2]
        #expect(tile.kind == .stack && tile.count == 4 && tile.covers.count == 3)
        #expect(tile.covers.map(\.photoID) == [ids[4], ids[2], ids[3]])
        #expect(tile.pixelSize == PixelSize(width: 45, height: 30))
        #expect(try await library.photos(in: [.stack(stack)]).map(\.id) == [ids[4], ids[2], ids[3], ids[5]])

        // Taking photos out to a new stack: the old one keeps the rest; down to one, it dissolves.
        let pair = try await library.makeStack(of: [.photo(ids[0]), .photo(ids[4]), .photo(ids[2])], title: "Pair")
        items = try await library.items(in: .allPhotos)
        #expect(items.map(\.title) == ["Pair", "s-2", "Cats"])
        #expect(items[2].count == 2)
        _ = try await library.makeStack(of: [.photo(ids[1]), .photo(ids[3])])
        items = try await library.items(in: .allPhotos)
        #expect(items.map(\.title) == ["Pair", "s-2", "s-6"], "an untitled stack shows its cover's title")
        #expect(items.map(\.kind) == [.stack, .stack, .photo])

        try await library.unstack(pair)
        #expect(try await library.titles(in: .allPhotos) == ["s-1", "s-5", "s-3", "s-2", "s-6"])
    }

    @Test func removalIsUndoneExactly() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(7, named: "r", in: temp)
        let album = try await library.createAlbum(named: "Album")
        try await library.addPhotos([ids[6], ids[1], ids[3], ids[0]], toAlbum: album)
        let trio = try await library.makeStack(of: [.photo(ids[2]), .photo(ids[3]), .photo(ids[4])], title: "Trio")
        let pair = try await library.makeStack(of: [.photo(ids[5]), .photo(ids[6])], title: "Pair")
        let before = try await library.items(in: .allPhotos)
        let albumBefore = try await library.items(in: .album(album))

        // One single photo, one stack member (the stack survives), one member of a pair (it dissolves).
        let removed = try await library.removePhotos([ids[0], ids[3], ids[6]])
        #expect(removed.fileURLs.count == 3)
        #expect(removed.fileURLs.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }, "files stay for the Trash")
        let after = try await library.items(in: .allPhotos)
        #expect(after.map(\.title) == ["r-2", "Trio", "r-6"])
        #expect(after[1].count == 2)
        #expect(try await library.titles(in: .album(album)) == ["r-2"])

        try await library.restore(removed)
        #expect(try await library.items(in: .allPhotos) == before)
        #expect(try await library.items(in: .album(album)) == albumBefore)
        #expect(try await library.photos(in: [.stack(trio)]).map(\.id) == [ids[2], ids[3], ids[4]])
        #expect(try await library.photos(in: [.stack(pair)]).map(\.id) == [ids[5], ids[6]])

        // Removing a whole stack, and restoring twice, is safe too.
        let stackRemoval = try await library.removeItems([.stack(trio)])
        #expect(try await library.titles(in: .allPhotos) == ["r-1", "r-2", "Pair"])
        try await library.restore(stackRemoval)
        try await library.restore(stackRemoval)
        #expect(try await library.items(in: .allPhotos) == before)
    }

    /// The undo of a photo rename (the app's history) reads the title from the details
    /// before the change and sets it back: the photo shows its old title again, in every
    /// collection, and a redo gives the new one.
    @Test func aPhotoRenameIsUndoneByItsOldTitle() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "t", in: temp)
        let album = try await library.createAlbum(named: "A")
        try await library.addPhotos([ids[1]], toAlbum: album)

        let old = try await library.details(of: ids[1]).photo.title
        try await library.setTitle("Harbour at dawn", of: .photo(ids[1]))
        #expect(try await library.titles(in: .album(album)) == ["Harbour at dawn"])
        #expect(old != "Harbour at dawn")

        try await library.setTitle(old, of: .photo(ids[1]))
        #expect(try await library.details(of: ids[1]).photo.title == old)
        #expect(try await library.titles(in: .allPhotos) == ["t-1", "t-2"])
        #expect(try await library.titles(in: .album(album)) == ["t-2"])

        try await library.setTitle("Harbour at dawn", of: .photo(ids[1]))
        #expect(try await library.titles(in: .allPhotos) == ["t-1", "Harbour at dawn"])
    }

    @Test func tenThousandItemsLoadInOneCall() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        // Rows only: importing 10,000 real files is the benchmark's job, not a unit test's.
        _ = try await library.mutate { changes in
            for index in 0..<10_000 {
                try changes.db.execute(sql: """
                    INSERT INTO photo (fileName, originalFileName, title, width, height, dateAdded)
                    VALUES (?, ?, ?, 640, 480, 0)
                    """, arguments: ["f\(index).jpg", "f\(index).jpg", "Photo \(index)"])
                let id = PhotoID(rawValue: changes.db.lastInsertedRowID)
                try changes.editMain { $0.insert(.photo(id), at: $0.count) }
            }
        }
        let album = try await library.createAlbum(named: "Big")
        let start = ContinuousClock.now
        let items = try await library.items(in: .allPhotos)
        let elapsed = ContinuousClock.now - start
        #expect(items.count == 10_000)
        #expect(items[9_999].title == "Photo 9999")
        #expect(items.allSatisfy { $0.isMissing }, "no files were written")
        print("items(in: .allPhotos) for 10,000 photos took \(elapsed)")

        try await library.addItems(items.prefix(5_000).map(\.id), toAlbum: album)
        var mirror = try await Mirror(library, .allPhotos)
        try await library.moveItems([items[0].id], to: 9_999, in: .allPhotos)
        try await mirror.check()
        try await library.renameAlbum(album, to: "Huge")
        try await mirror.check()
    }
}
