import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// What leaves the library (`AsSeenCopy`): the photo as the user sees it, named after its
/// title, never replacing a file, and the library's copy untouched.
@Suite struct AsSeenCopyTests {
    /// A PNG's width and height, from its IHDR chunk.
    private func pngSize(_ url: URL) throws -> PixelSize {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }

    private func member(_ library: PhotoLibrary, _ id: PhotoID) async throws -> GalleryItem.Member {
        let items = try await library.items(in: .allPhotos)
        return try #require(items.flatMap(\.members).first { $0.photoID == id })
    }

    @Test func anUnturnedPhotoLeavesAsItsOwnBytesNamedAfterItsTitle() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "harbour", in: temp)
        let photo = try await member(library, ids[0])
        let out = try temp.folder("out")
        let first = try AsSeenCopy.write(photo, into: out, durable: true)
        #expect(first.lastPathComponent == "\(photo.title).png")
        #expect(try Data(contentsOf: first) == Data(contentsOf: photo.fileURL))
        // A second copy never replaces the first: it gets the next name.
        let second = try AsSeenCopy.write(photo, into: out, durable: false)
        #expect(second.lastPathComponent == "\(photo.title) 2.png")
        // Nothing else is left in the folder: no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [first, second].map(\.lastPathComponent).sorted())
    }

    @Test func aTurnedPhotoLeavesTurnedAndTheLibraryCopyIsUnchanged() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "tower", in: temp)
        let before = try Data(contentsOf: try await member(library, ids[0]).fileURL)
        try await library.rotate(ids, by: .right)
        let photo = try await member(library, ids[0])
        let written = try AsSeenCopy.write(photo, into: try temp.folder("out"), durable: true)
        // A PNG is decoded and turned: 41 × 30 leaves as 30 × 41.
        #expect(written.pathExtension == "png")
        #expect(try pngSize(written) == PixelSize(width: 30, height: 41))
        #expect(try Data(contentsOf: photo.fileURL) == before)
    }

    @Test func aTurnedJPEGLeavesWithItsOrientationRewrittenAndNothingElseChanged() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let report = try await library.importFiles([Repository.sample("chelsea-the-cat.jpg")])
        let id = try #require(report.photoIDs.first)
        try await library.rotate([id], by: .left)
        let photo = try await member(library, id)
        let original = [UInt8](try Data(contentsOf: photo.fileURL))
        let written = try AsSeenCopy.write(photo, into: try temp.folder("out"), durable: false)
        #expect(written.pathExtension == "jpg")
        let copy = [UInt8](try Data(contentsOf: written))
        // The sample has no EXIF: a 36-byte EXIF block saying 8 (a quarter turn left) is added.
        #expect(copy.count == original.count + 36)
        #expect(JPEGOrientationEdit.turning(prefix: copy, by: 0)?.orientation == 8)
        #expect(copy.suffix(original.count - 20) == original.suffix(original.count - 20))
    }

    @Test func aVanishedLibraryFileIsSaidSoAndLeavesNothing() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "gone", in: temp)
        let photo = try await member(library, ids[0])
        try FileManager.default.removeItem(at: photo.fileURL)
        let out = try temp.folder("out")
        #expect(throws: ImportFailureReason.vanished) { try AsSeenCopy.write(photo, into: out, durable: false) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func titlesBecomeNamesAnyFileSystemTakes() {
        #expect(AsSeenCopy.fileStem("Chelsea the cat", dropping: "jpg") == "Chelsea the cat")
        #expect(AsSeenCopy.fileStem("IMG_0001.JPG", dropping: "jpg") == "IMG_0001")
        #expect(AsSeenCopy.fileStem("a/b: c?", dropping: "png") == "a-b- c-")
        #expect(AsSeenCopy.fileStem("..hidden", dropping: "png") == "hidden")
        #expect(AsSeenCopy.fileStem("line\nbreak\u{7}", dropping: "png") == "line-break-")
        #expect(AsSeenCopy.fileStem("  ", dropping: "png") == "Photo")
        #expect(AsSeenCopy.fileStem("trailing. ", dropping: "png") == "trailing")
        #expect(AsSeenCopy.fileStem(String(repeating: "é", count: 300), dropping: "png").utf8.count <= 200)
    }
}
