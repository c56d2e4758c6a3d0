import Foundation
import XCTest
@testable import Drover

final class ErrorWordingTests: XCTestCase {
    private struct Described: LocalizedError {
        var errorDescription: String? { "the disk is full" }
    }

    private struct Plain: Error {}

    func testReasonIsTheLocalizedDescription() {
        XCTAssertEqual(ErrorWording.reason(Described()), "the disk is full")
    }

    func testReasonOfAnErrorWithoutDescriptionIsWhatSwiftPrints() {
        XCTAssertEqual(ErrorWording.reason(Plain()), "Plain()")
    }

    func testSentenceSaysWhatFailedAndWhy() {
        XCTAssertEqual(ErrorWording.sentence(.rotate, Described()), "Could not rotate: the disk is full")
        XCTAssertEqual(ErrorWording.sentence(.addToAlbum(named: "Travel"), Described()),
                       "Could not add to “Travel”: the disk is full")
        XCTAssertEqual(ErrorWording.sentence(.installSamples, Described()),
                       "The sample photos could not be installed: the disk is full")
    }

    func testMessagesOfFailuresElsewhere() {
        XCTAssertEqual(ErrorWording.importFailed("a.png", because: "not an image"), "Could not import a.png: not an image")
        XCTAssertEqual(ErrorWording.albumDropFailed("Travel", because: "No data for 20 s"),
                       "Could not add the dropped items to Travel: No data for 20 s")
    }

    func testUniqueAlbumNames() {
        XCTAssertEqual(AlbumController.uniqueName("New Album", among: []), "New Album")
        XCTAssertEqual(AlbumController.uniqueName("New Album", among: ["New Album", "New Album 2"]), "New Album 3")
    }
}
