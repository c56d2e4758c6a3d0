import Foundation
import XCTest
@testable import Drover
@testable import DragKit
@testable import GalleryKit

/// What an import does with what came in: a file list, image data or text.
final class ImportPolicyTests: XCTestCase {
    private static let pngMagic = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

    private func loaded(_ type: ContentType, _ data: Data) -> LoadedItem {
        LoadedItem(type: type, data: data, suggestedName: nil, preferredPresentationSize: nil)
    }

    func testAFileListBecomesItsFiles() {
        let urls = [URL(fileURLWithPath: "/tmp/a b.png"), URL(string: "https://example.org/c.jpg")!]
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.uriList, URIListFormat.encode(urls))), .files(urls))
    }

    func testImageDataOfADeclaredTypeIsThatImage() {
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.png, Data([1, 2, 3]))), .image(.png))
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.jpeg, Data())), .image(.jpeg))
    }

    func testBytesOfNoDeclaredTypeAreWhatTheirContentSays() {
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.octetStream, Self.pngMagic)), .image(.png))
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.webImage, Self.pngMagic)), .image(.png))
        // Bytes that are no image are taken as text.
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.octetStream, Data("hello".utf8))), .note("hello"))
    }

    func testTextBecomesANote() {
        XCTAssertEqual(ImportPolicy.plan(for: loaded(.plainText, Data("Buy milk".utf8))), .note("Buy milk"))
    }

    func testNotesGoOnlyToAllPhotos() throws {
        XCTAssertNoThrow(try ImportPolicy.checkNote(in: .allPhotos))
        XCTAssertThrowsError(try ImportPolicy.checkNote(in: .album(AlbumID(rawValue: 1)))) { error in
            XCTAssertEqual(error as? DropRefusal, .textInAlbum)
        }
    }

    func testPlaceholdersAreNamedForWhatLoads() {
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: .uriList, suggestedName: "Holiday"), "Holiday")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: .uriList, suggestedName: nil), "Dropped files")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: .octetStream, suggestedName: nil), "Dropped image")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: .png, suggestedName: nil), "Dropped image.png")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: .plainText, suggestedName: nil), "Dropped text")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: URL(fileURLWithPath: "/tmp/a.png")), "a.png")
        XCTAssertEqual(ImportPolicy.placeholderTitle(for: URL(string: "https://example.org/a.png")!),
                       "https://example.org/a.png")
    }

    func testOnlyLocalFilesCanBeImported() {
        XCTAssertNil(ImportPolicy.refusal(of: URL(fileURLWithPath: "/tmp/a.png")))
        XCTAssertEqual(ImportPolicy.refusal(of: URL(string: "https://example.org/a.png")!),
                       "Only files on this computer can be imported, not https addresses.")
    }

    func testAnUnseenFileListImportsItsFoldersOneByOneAndItsFilesTogether() {
        let a = URL(fileURLWithPath: "/tmp/a.png"), folder = URL(fileURLWithPath: "/tmp/trip")
        let b = URL(fileURLWithPath: "/tmp/b.png"), web = URL(string: "ftp://host/c.png")!
        let plan = ImportPolicy.unseenImports(of: [a, web, folder, b], isFolder: [false, true, false])
        XCTAssertEqual(plan.folders, [folder])
        XCTAssertEqual(plan.files, [a, b])
        XCTAssertEqual(plan.failures, ["ftp://host/c.png: only files on this computer can be imported"])
    }
}

/// At most so many imports prepare at once; the rest wait their turn, in order.
final class WorkSlotsTests: XCTestCase {
    @MainActor func testNoMoreThanTheSlotsRunAtOnceAndTheRestInOrder() async {
        let slots = WorkSlots(count: 2)
        var running = 0, most = 0
        var started: [Int] = []
        let tasks = (0..<6).map { n in
            Task {
                await slots.run {
                    started.append(n)
                    running += 1
                    most = max(most, running)
                    for _ in 0..<3 { await Task.yield() }
                    running -= 1
                }
            }
        }
        for task in tasks { await task.value }
        XCTAssertEqual(most, 2)
        XCTAssertEqual(started.count, 6)
    }

    @MainActor func testAtLeastOneSlot() async {
        let slots = WorkSlots(count: 0)
        let value = await slots.run { 42 }
        XCTAssertEqual(value, 42)
    }
}
