import Foundation
import Testing
@testable import Drover
@testable import GalleryKit

/// Issue 32, items 6, 7 and 10: the words of an import's outcome, each true and specific.
@Suite struct ImportWordingTests {
    @Test func aDuplicateIsNotAFailureInTheToast() {
        #expect(ImportSummary.text(imported: 0, failures: [], duplicates: ["harbour.png"])
                == "harbour.png is already in your library.")
        #expect(ImportSummary.text(imported: 2, failures: ["x.png: This file is not an image."], duplicates: ["a.png", "b.png"])
                == "Imported 2 photos. a.png, b.png are already in your library. Could not import: x.png: This file is not an image.")
        #expect(!ImportSummary.text(imported: 0, failures: [], duplicates: ["harbour.png"]).contains("Could not import"))
    }

    @Test func aFolderThatBecameAnAlbumSaysSoAndWhatItLeftOut() {
        #expect(ImportSummary.text(imported: 12, failures: [], newAlbum: "Trip") == "Made album “Trip” with 12 photos.")
        #expect(ImportSummary.text(imported: 2, failures: [], duplicates: ["a.png"], newAlbum: "Trip 2")
                == "Made album “Trip 2” with 2 photos. a.png is already in your library.")
        #expect(ImportSummary.text(imported: 0, failures: ["x.png: This file is not an image."], emptyFolder: "Notes")
                == "“Notes” holds no photos Drover can import: no album made. Could not import: x.png: This file is not an image.")
    }

    @Test func theImportOnlySummaryCountsDuplicatesApartAndInTheRightNumber() {
        var tally = ImportOnlyTally(imported: 1)
        #expect(tally.summary == "Imported 1 photo, 0 failed, 0 skipped")
        tally.duplicates = 12
        #expect(tally.summary == "Imported 1 photo, 12 already in your library, 0 failed, 0 skipped")
        #expect(tally.exitStatus == 0)
        tally.failed = 1
        #expect(tally.exitStatus == 1)
    }

    @Test func helpWinsOverEveryOtherOption() {
        #expect(CommandLineOptions.asksForHelp(["--import-only", "--help"]))
        #expect(CommandLineOptions.asksForHelp(["--library", "x", "-h", "--bogus"]))
        #expect(!CommandLineOptions.asksForHelp(["--import-only", "--", "--help"]))  // a file named --help
    }

    @Test func aNameThatIsNotTextIsKeptApartNotLookedFor() throws {
        let options = try CommandLineOptions.parse(["--import-only", "a.png", "odd\u{FFFD}.png"], relativeTo: "/tmp", notText: [2])
        #expect(options.imports.map(\.path) == ["/tmp/a.png"])
        #expect(options.importsNotText == [2])
        #expect(throws: CommandLineOptions.ParseError.self) {
            try CommandLineOptions.parse(["--library", "odd\u{FFFD}"], relativeTo: "/tmp", notText: [1])
        }
    }

    /// One sentence per cause, each naming it: the table of issue 32's catalogue.
    @Test func everyCauseHasItsOwnWords() {
        let library = URL(fileURLWithPath: "/l/library.sqlite")
        #expect(ImportFailureReason.nameNotText.message.contains("not valid text (UTF-8)"))
        #expect(ImportFailureReason.notAFile.message == "This is not a regular file.")
        #expect(LibraryError.diskFull(URL(fileURLWithPath: "/l")).message.contains("is full"))
        #expect(LibraryError.databaseReadOnly(library).message.contains("database “/l/library.sqlite” is read-only"))
        #expect(LibraryError.databaseReadOnly(library).preventsOpening)
        #expect(ImportSkip.Reason.unsupportedFormat("SVG").message == "Drover does not import SVG images")
        #expect(ErrorWording.reason(LibraryError.databaseReadOnly(library)) == LibraryError.databaseReadOnly(library).message)
    }
}
