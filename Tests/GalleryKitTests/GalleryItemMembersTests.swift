import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// A tile's members are what a drag of it carries: every photo, in stack order.
@Suite struct GalleryItemMembersTests {
    @Test func photosAndStacksListTheirLibraryFilesInOrder() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("originals")
        let files = try ["one", "two", "three"].map {
            try TestImages.write(source.appendingPathComponent("\($0).png"), width: 40, height: 30)
        }
        let ids = try await library.importFiles(files).photoIDs
        let stack = try await library.makeStack(of: [.photo(ids[1]), .photo(ids[2])], title: "Pair")

        let items = try await library.items(in: .allPhotos)
        let single = try #require(items.first { $0.id == .photo(ids[0]) })
        let pair = try #require(items.first { $0.id == .stack(stack) })

        #expect(single.members.map(\.photoID) == [ids[0]])
        #expect(pair.members.map(\.photoID) == [ids[1], ids[2]])
        #expect(pair.members.map(\.title) == ["two", "three"])
        for member in single.members + pair.members {
            #expect(member.fileURL.deletingLastPathComponent() == library.location.photosDirectory)
            #expect(FileManager.default.fileExists(atPath: member.fileURL.path))
        }
    }
}
