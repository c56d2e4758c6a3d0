import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// The listing recovery and the item loader use for photos/ and thumbnails/.
@Suite struct RegularFilesTests {
    @Test func listsRegularFilesOnlyHiddenOnesIncluded() throws {
        let temp = try TemporaryDirectory()
        let folder = temp.url
        try Data([1]).write(to: folder.appendingPathComponent("a.jpg"))
        try Data([2]).write(to: folder.appendingPathComponent(".import-x"))
        try Data([3]).write(to: folder.appendingPathComponent("é.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.jpg"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.jpg"),
                                                   withDestinationURL: folder.appendingPathComponent("a.jpg"))

        #expect(Set(RegularFiles.names(in: folder)) == ["a.jpg", ".import-x", "é.png"])
        #expect(RegularFiles.names(in: folder).count == 3)
    }

    @Test func aFolderThatCannotBeReadListsNothing() throws {
        let temp = try TemporaryDirectory()
        #expect(RegularFiles.names(in: temp.url.appendingPathComponent("absent")).isEmpty)
    }
}
