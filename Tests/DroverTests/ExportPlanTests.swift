import DecoderKit
import Foundation
import Testing
@testable import Drover
@testable import GalleryKit

/// Issue 31, item 5: what Export… takes out, and the words it ends with.
@Suite struct ExportPlanTests {
    private func stack(_ id: Int64, of photos: [GalleryItem]) -> GalleryItem {
        GalleryItem(id: .stack(StackID(rawValue: id)), title: photos[0].title, date: photos[0].date,
                    pixelSize: photos[0].pixelSize, covers: [], count: photos.count, albumNames: [],
                    members: photos.flatMap(\.members))
    }

    private let note = GalleryItem(id: .note(NoteID(rawValue: 1)), title: "Shopping", date: Date(timeIntervalSince1970: 0),
                                   pixelSize: PixelSize(width: 1, height: 1), covers: [], count: 1, albumNames: [],
                                   noteText: "Shopping")

    @Test func aStackExportsItsPhotosInStackOrderAndNotesAreLeftOut() {
        let items = [TestItems.photo(1), stack(9, of: [TestItems.photo(5), TestItems.photo(3)]), note, TestItems.photo(2)]
        #expect(ExportPlan(items: items).members.map(\.title) == ["p1", "p5", "p3", "p2"])
    }

    @Test func aPhotoTwiceIsExportedOnce() {
        let items = [TestItems.photo(1), stack(9, of: [TestItems.photo(1), TestItems.photo(2)])]
        #expect(ExportPlan(items: items).members.map(\.title) == ["p1", "p2"])
    }

    @Test func onlyNotesExportNothing() {
        #expect(ExportPlan(items: [note]).members.isEmpty)
    }

    private func files(_ count: Int) -> [URL] { (0..<count).map { URL(fileURLWithPath: "/Trip/\($0).jpg") } }

    @Test func aCompleteExportSaysHowManyAndWhere() {
        #expect(ExportOutcome(total: 12, written: files(12)).summary(folder: "Trip") == "Exported 12 photos to Trip.")
        #expect(ExportOutcome(total: 1, written: files(1)).summary(folder: "Trip") == "Exported 1 photo to Trip.")
    }

    @Test func aFullDiskIsSaidOfTheFolderWithTheFirstPhotoAndTheCountOfTheRest() {
        let outcome = ExportOutcome(total: 4, written: files(1), failures: [
            .init(title: "Chelsea the cat", reason: .diskFull),
            .init(title: "Fig", reason: .diskFull),
            .init(title: "Cups", reason: .diskFull),
        ])
        #expect(outcome.summary(folder: "stick") == "Exported 1 of 4 photos to stick. "
            + "Could not export “Chelsea the cat”: there is not enough space left in stick. 2 other photos could not be exported.")
    }

    @Test func aReadOnlyFolderExportsNothingAndSaysWhy() {
        let outcome = ExportOutcome(total: 1, failures: [.init(title: "Fig", reason: .writeFailed(detail: "Read-only file system"))])
        #expect(outcome.summary(folder: "ro") == "Could not export “Fig”: Drover cannot write into ro (Read-only file system).")
    }

    @Test func otherReasonsKeepTheirOwnWords() {
        #expect(ErrorWording.exportFailed("Fig", to: "Trip", .vanished) == "Could not export “Fig”: its file is missing from the library.")
        #expect(ErrorWording.exportFailed("Fig", to: "Trip", .decodeTimedOut(seconds: 30))
                == "Could not export “Fig”: Decoding the image took longer than Drover's limit of 30 s.")
    }

    @Test func aCancelledExportSaysHowFarItGot() {
        #expect(ExportOutcome(total: 12, written: files(3), cancelled: true).summary(folder: "Trip")
                == "Export cancelled: 3 of 12 photos were exported to Trip.")
        #expect(ExportOutcome.progress(done: 3, total: 12, folder: "Trip") == "Exporting 3 of 12 photos to Trip…")
    }

    @Test func aFolderInsideTheLibraryIsRefused() {
        let library = URL(fileURLWithPath: "/home/u/.local/share/drover/library")
        #expect(PhotoExporter.isInside(library.appendingPathComponent("photos"), library))
        #expect(PhotoExporter.isInside(library, library))
        #expect(PhotoExporter.isInside(URL(fileURLWithPath: "/home/u/.local/share/drover/library/./photos/.."), library))
        #expect(!PhotoExporter.isInside(URL(fileURLWithPath: "/home/u/.local/share/drover/library-export"), library))
        #expect(!PhotoExporter.isInside(URL(fileURLWithPath: "/home/u/Pictures"), library))
    }
}
