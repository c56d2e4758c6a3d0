import CGtk
import Foundation
import GtkKit

/// A web address given on the command line (`drover https://…/photo.jpg`), offered to the
/// importer as a browser offers the address of an image it drags: a one-entry file list
/// holding a web address. So it takes a browser drop's path: a placeholder, the download
/// (GIO, into memory, with its progress, stall rule and size limit), then the photo.
@MainActor
final class WebAddressReader: ContentReader {
    private let address: URL

    init(_ address: URL) { self.address = address }

    var mimeTypes: [String] { ["text/uri-list"] }
    func offers(_ type: GType) -> Bool { false }
    func offers(mimeType: String) -> Bool { mimeType == "text/uri-list" }
    func readFiles(as mimeType: String) async throws -> [URL] { [address] }
    func readText() async throws -> String { address.absoluteString }
    func openStream(mimeTypes: [String]) async throws -> (InputStreamReader, String) {
        throw WebAddressReaderError.noStream
    }
    /// Nobody waits to hear that the drop was read.
    func finish(_ action: GdkDragAction) {}
    var canBeReadAgain: Bool { true }
}

private enum WebAddressReaderError: Error { case noStream }

extension DropImporter {
    /// Imports web addresses at the end of the grid, each as a browser's drop of it.
    func importWebAddresses(_ addresses: [URL]) {
        for address in addresses { importDrop(WebAddressReader(address), at: model.count) }
    }
}
