// A file list read from one type alone, through GTK's reader for that type: how Drover reads a
// drop's or the clipboard's files, never asking for a type the source does not offer.
import XCTest
import Foundation
import CGtk
import GtkKit

@MainActor
private final class Outcome {
    var urls: [URL]?
    var error: (any Error)?
    var done: Bool { urls != nil || error != nil }
}

final class FileListReadingTests: GTKTestCase {
    func testGTKReadsAFileListFromTheURIList() {
        onMain {
            XCTAssertTrue(TransferType.fileListMimeTypes.contains("text/uri-list"), "\(TransferType.fileListMimeTypes)")
        }
    }

    func testTheClipboardsFileListIsReadFromTheURIList() {
        onMain {
            let clipboard = Clipboard(for: Label("anchor"))
            let files = [URL(fileURLWithPath: "/library/a b.jpg"), URL(fileURLWithPath: "/library/c.png")]
            clipboard.setContent(ContentProvider.lazy(mimeTypes: [], files: { files }) { _ in Data() })
            let outcome = Outcome()
            Task { @MainActor in
                do { outcome.urls = try await clipboard.readFiles(as: "text/uri-list") } catch { outcome.error = error }
            }
            XCTAssertTrue(waitUntil { outcome.done }, "the read never finished")
            XCTAssertNil(outcome.error)
            XCTAssertEqual(outcome.urls, files)
        }
    }

    func testATypeTheContentDoesNotOfferFailsInsteadOfBeingRead() {
        onMain {
            let clipboard = Clipboard(for: Label("anchor"))
            clipboard.setContent(ContentProvider.lazy(mimeTypes: ["image/png"], files: nil) { _ in Data("png".utf8) })
            let outcome = Outcome()
            Task { @MainActor in
                do { outcome.urls = try await clipboard.readFiles(as: "text/uri-list") } catch { outcome.error = error }
            }
            XCTAssertTrue(waitUntil { outcome.done }, "the read never finished")
            XCTAssertNil(outcome.urls)
            XCTAssertNotNil(outcome.error)
        }
    }
}
