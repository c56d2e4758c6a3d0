import DragKit
import Foundation
import GalleryKit
import GtkKit

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
    static func download(_ url: URL, progress: LoadProgressHandler,
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
        let data: Data
        do {
            data = try await stream.readAll(limit: maximumBytes) { bytes in
                progress(0)
                onBytes(bytes)
            }
        } catch let error as GLibError {
            throw WebImageError(url: url, reason: "The download failed: \(error.message).")
        }
        guard format(of: data) != nil else {
            let page = data.prefix(512).contains(UInt8(ascii: "<"))
            throw WebImageError(url: url, reason: page ? "Not an image: the server sent a web page."
                                                       : "Not an image: the server sent data that is no image format Drover reads.")
        }
        return data
    }

    /// The photo format of `data`, by its content, when it is one the library takes.
    nonisolated static func format(of data: Data) -> ContentType? {
        let format = data.prefix(64).withUnsafeBytes { ImageFormat.sniff($0) }
        return format.flatMap { ContentType(photoFileExtension: $0.rawValue) }
    }

    /// The photo's title: the address's file name without its extension ("harbour" for
    /// `…/img/harbour.jpg?w=800`), or the server's name where the address has none.
    nonisolated static func title(for url: URL) -> String {
        let name = (url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent) as NSString
        let stem = name.deletingPathExtension.trimmingCharacters(in: .whitespaces)
        return stem.isEmpty || stem == "/" ? (url.host ?? "Image from the web") : stem
    }
}

/// A web image that could not be had, naming its address.
struct WebImageError: LocalizedError {
    let url: URL
    let reason: String

    var errorDescription: String? { reason }
}
