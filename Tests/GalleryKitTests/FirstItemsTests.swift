import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// `firstItems(in:limit:)`: the first page a large collection shows while the whole loads.
@Suite struct FirstItemsTests {
    @Test func theFirstItemsInOrderAndTheWholeCount() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(5, named: "f", in: temp)
        try await library.moveItems([.photo(ids[4])], to: 0, in: .allPhotos)
        let whole = try await library.items(in: .allPhotos)

        let (page, total) = try await library.firstItems(in: .allPhotos, limit: 3)
        #expect(page == Array(whole.prefix(3)), "the same items as the whole collection starts with, in its order")
        #expect(page.map(\.title) == ["f-5", "f-1", "f-2"])
        #expect(total == 5)

        let (all, sameTotal) = try await library.firstItems(in: .allPhotos, limit: 10)
        #expect(all == whole)
        #expect(sameTotal == 5)
    }

    @Test func anAlbumsFirstItems() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(4, named: "a", in: temp)
        let album = try await library.createAlbum(named: "Album")
        try await library.addPhotos([ids[3], ids[1], ids[2]], toAlbum: album)

        let (page, total) = try await library.firstItems(in: .album(album), limit: 2)
        #expect(page.map(\.title) == ["a-4", "a-2"])
        #expect(total == 3, "the album's count, not the library's")

        try await library.deleteAlbum(album)
        await #expect(throws: LibraryError.albumNotFound(album)) { try await library.firstItems(in: .album(album), limit: 2) }
    }
}
