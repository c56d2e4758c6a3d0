import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// The library steps Drover's stack undo and redo are made of (GalleryController+Stacks):
/// a stack undone is unstacked and its photos put back at their old indices; a move undone
/// puts the moved items back the same way, wherever they went; an unstack undone is a new stack of the same photos, which stands where the old one did.
@Suite struct StackUndoTests {
    @Test func unstackingAndMovingBackRestoresTheOrderBeforeAStack() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(7, named: "u", in: temp)
        let before = try await library.items(in: .allPhotos).map(\.id)
        let picked = [ids[1], ids[3], ids[5]]

        let stack = try await library.makeStack(of: picked.map { .photo($0) })
        #expect(try await library.titles(in: .allPhotos) == ["u-1", "u-2", "u-3", "u-5", "u-7"],
                "the stack (showing its top's title) stands where its top was")

        try await library.unstack(stack)
        #expect(try await library.titles(in: .allPhotos) == ["u-1", "u-2", "u-4", "u-6", "u-3", "u-5", "u-7"])
        let old = picked.compactMap { photo in before.firstIndex(of: .photo(photo)).map { (item: GalleryItem.ID.photo(photo), index: $0) } }
        try await library.moveItems(backTo: old, in: .allPhotos)
        #expect(try await library.items(in: .allPhotos).map(\.id) == before)
    }

    /// Scattered photos moved to the front, to the end and into the middle, in All Photos
    /// and in an album: putting them back restores the order before the move. (One by one,
    /// lowest index first, was wrong when they had moved towards the front; highest first
    /// when they had moved towards the end.)
    @Test(arguments: [0, 3, 7])
    func puttingMovedItemsBackRestoresTheOrderBeforeTheMove(destination: Int) async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(10, named: "m", in: temp)
        let album = try await library.createAlbum(named: "Trip")
        try await library.addPhotos(ids, toAlbum: album)
        for scope in [CollectionScope.allPhotos, .album(album)] {
            let before = try await library.items(in: scope).map(\.id)
            let moved = [before[8], before[1], before[5]]
            try await library.moveItems(moved, to: destination, in: scope)
            #expect(try await library.items(in: scope).map(\.id) != before, "the move changed the order")
            let places = moved.map { (item: $0, index: before.firstIndex(of: $0)!) }
            try await library.moveItems(backTo: places, in: scope)
            #expect(try await library.items(in: scope).map(\.id) == before, "in \(scope), moved to \(destination)")
        }
    }

    @Test func restackingAfterAnUnstackPutsTheStackBackInPlace() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(5, named: "r", in: temp)
        let stack = try await library.makeStack(of: [.photo(ids[3]), .photo(ids[1])])
        let stacked = try await library.items(in: .allPhotos)
        try await library.unstack(stack)
        #expect(try await library.titles(in: .allPhotos) == ["r-1", "r-4", "r-2", "r-3", "r-5"], "in stack order, where the stack was")

        let again = try await library.makeStack(of: [.photo(ids[3]), .photo(ids[1])])
        let restacked = try await library.items(in: .allPhotos)
        #expect(restacked.map(\.title) == stacked.map(\.title))
        #expect(restacked.map(\.id) == stacked.map { $0.id == .stack(stack) ? .stack(again) : $0.id })
        #expect(try await library.photos(in: [.stack(again)]).map(\.id) == [ids[3], ids[1]])
    }
}
