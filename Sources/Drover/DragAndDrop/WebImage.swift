import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// An image a browser drags by its web address: the original file, downloaded through GIO
/// (GVfs) into memory, so that nothing half-downloaded is ever written anywhere. The drop's
/// placeholder shows the bytes received and can cancel it; DragKit's stall rule is the
/// timeout (a server silent for 20 s ends the download, saying so).
@MainActor
enum WebImage {
    /// A download larger than this is refused, like image data dropped in.
    static let maximumBytes = ReaderItem.maximumImageBytes

    nonisolated static func isWebAddress(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    }

    /// Downloads `url`; fails with a sentence that says what is wrong ("The server answered
    /// 404…", "Not an image…"). A computer that cannot download makes the address
    /// unavailable, so the drop falls back to the image data the browser offers.
    ///
    /// `onImage` hears, once, that the server is sending an image: its first bytes say
    /// so. From then on the drop is Drover's to finish, whatever happens to the rest.
    static func download(_ url: URL, progress: LoadProgressHandler, onImage: @MainActor () -> Void,
                         onBytes: @MainActor (Int) -> Void) async throws -> Data {
        let stream: InputStreamReader
        do {
            stream = try await RemoteFile.open(uri: url.absoluteString)
        } catch RemoteFileError.unsupported {
            throw ItemProviderError.unavailable(RemoteFileError.unsupported.description)
        } catch let error as RemoteFileError {
            throw WebImageError(url: url, reason: error.description)
        }
        progress(0)
        do {
            return try await stream.readAll(limit: maximumBytes, headerSize: 64, inspect: { header in
                guard format(of: header) != nil else { throw notAnImage(header, from: url) }
                onImage()
            }, progress: { bytes in
                progress(0)
                onBytes(bytes)
            })
        } catch let error as GLibError {
            throw WebImageError(url: url, reason: tr("The download failed: {message}.", ["message": error.message]))
        }
    }

    /// An address named like a photo ("…/harbour.jpg") that gives something else is that
    /// image's failure, said on its tile. Any other address (a link to a page) is simply
    /// no image: the drop goes on to what else the source offers (its image data, or the
    /// address as text, which becomes a note).
    private static func notAnImage(_ header: Data, from url: URL) -> any Error {
        let page = header.prefix(512).contains(UInt8(ascii: "<"))
        let reason = page ? tr("Not an image: the server sent a web page.")
                          : tr("Not an image: the server sent data that is no image format Drover reads.")
        guard ContentType(photoFileExtension: url.pathExtension) != nil else { return ItemProviderError.unavailable(reason) }
        return WebImageError(url: url, reason: reason)
    }

    /// The photo format of `data`, by its content, when it is one the library takes.
    nonisolated static func format(of data: Data) -> ContentType? {
        ContentType(sniffing: data)
    }

    /// The photo's title: the address's file name without its extension ("harbour" for
    /// `…/img/harbour.jpg?w=800`), or the server's name where the address has none.
    nonisolated static func title(for url: URL) -> String {
        let name = (url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent) as NSString
        let stem = name.deletingPathExtension.trimmingCharacters(in: .whitespaces)
        return stem.isEmpty || stem == "/" ? (url.host ?? tr("Image from the web")) : stem
    }
}

/// A web image that could not be had, naming its address.
struct WebImageError: LocalizedError {
    let url: URL
    let reason: String

    var errorDescription: String? { reason }
}
