import CGtk
import DragKit
import Foundation
import GtkKit
import Localization

/// A drop from another application, or the clipboard's content, as one DragKit item: a
/// provider offering what the source offers, each representation read through GTK when
/// DragKit loads it. A browser's image offers, best first: its web address (the original
/// file, downloaded: `.webImage`), Chromium's typeless original bytes (`.octetStream`),
/// the re-encoded image data, and the address as text; each that turns out to hold
/// nothing usable yields to the next (DragKit's `ItemProviderError.unavailable`). GTK cannot say how many things a drop holds before it is read (a
/// file list is one transfer), so it is one item; a file list becomes one placeholder per
/// file once read (see `DropImporter`).
///
/// `onReadable` hears when Drover knows it has something before the load ends: a
/// download whose first bytes are an image (the drop is then finished, so the source
/// need not wait for the whole download; a failure after that is an error tile).
///
/// Loaders report progress for DragKit's stall rule: a read of unknown size reports 0 on
/// every chunk (a sign of life, not a fraction), and `onBytes` hears the count so far, for
/// the placeholder's "240 KB received".
@MainActor
enum ReaderItem {
    /// Image data larger than this is refused (a hostile or broken source must not fill memory).
    static let maximumImageBytes = 200 * 1024 * 1024
    /// The image types Drover decodes, as GTK names them.
    static let imageMimeTypes = ContentType.images.map(\.mimeType)

    static func make(reading contentReader: any ContentReader,
                     onBytes: @escaping @MainActor (Int) -> Void = { _ in },
                     onWebImage: @escaping @MainActor (URL) -> Void = { _ in },
                     onReadable: @escaping @MainActor () -> Void = {}) -> DragItem {
        let reader = MainActorReader(reader: contentReader)
        let addresses = OfferedAddresses(reader: reader)
        var provider = ItemProvider()
        let offersList = contentReader.offers(TransferType.fileList) || contentReader.offers(mimeType: ContentType.uriList.mimeType)
        if offersList {
            provider.register(.uriList) { progress in
                let urls = try await addresses.list()
                // A browser lists the web address of what it drags: that is no file to import
                // but an image to download (the next representation).
                if !urls.isEmpty, urls.allSatisfy(WebImage.isWebAddress) {
                    throw ItemProviderError.unavailable(tr("The dropped list holds web addresses, not files."))
                }
                progress(1)
                return URIListFormat.encode(urls)
            }
        }
        if offersList || contentReader.offers(mimeType: ContentType.mozURL.mimeType) {
            provider.register(.webImage) { progress in
                guard let url = try await addresses.webAddress() else {
                    throw ItemProviderError.unavailable(tr("The drop holds no web address."))
                }
                await onWebImage(url)
                return try await WebImage.download(url, progress: progress, onImage: onReadable, onBytes: onBytes)
            }
        }
        if contentReader.offers(mimeType: ContentType.octetStream.mimeType) {
            // Chromium's original file of a web image, typeless: only its content says what it is.
            provider.register(.octetStream) { progress in
                let data = try await readStream(ContentType.octetStream.mimeType, from: reader, progress: progress, onBytes: onBytes)
                guard WebImage.format(of: data) != nil else {
                    throw ItemProviderError.unavailable(tr("Not an image: the dropped data is no image format Drover reads."))
                }
                return data
            }
        }
        // In the source's order: DragKit's rule lets it break the tie among images.
        let offered = contentReader.mimeTypes.filter { imageMimeTypes.contains(ContentType($0).mimeType) }
        for type in offered {
            provider.register(ContentType(type)) { progress in
                try await readStream(type, from: reader, progress: progress, onBytes: onBytes)
            }
        }
        if contentReader.offers(mimeType: ContentType.plainText.mimeType) || contentReader.offers(mimeType: ContentType.anyText.mimeType) {
            provider.register(.plainText) { progress in
                let text = try await readText(from: reader)
                progress(1)
                return Data(text.utf8)
            }
        }
        return DragItem(provider: provider)
    }

    /// Files given by name (`drover FILE…`): a file list, as the file manager would drag it.
    static func make(files urls: [URL]) -> DragItem {
        var provider = ItemProvider(suggestedName: tr("Files"))
        let list = URIListFormat.encode(urls)
        provider.register(.uriList) { _ in list }
        return DragItem(provider: provider)
    }

    private static func readText(from reader: MainActorReader) async throws -> String {
        try await reader.reader.readText()
    }

    fileprivate static func readStream(_ type: String, from reader: MainActorReader, progress: LoadProgressHandler,
                                       onBytes: @MainActor (Int) -> Void) async throws -> Data {
        let (stream, _) = try await reader.reader.openStream(mimeTypes: [type])
        progress(0)
        return try await stream.readAll(limit: maximumImageBytes) { bytes in
            progress(0)
            onBytes(bytes)
        }
    }
}

/// The addresses a drop lists, read once however many representations ask: its file list
/// (which from a browser holds the web address of what was dragged), and its first web
/// address, from Firefox's `text/x-moz-url` where offered, else from the list.
@MainActor
private final class OfferedAddresses {
    private let reader: MainActorReader
    private var listed: Task<[URL], any Error>?

    init(reader: MainActorReader) { self.reader = reader }

    func list() async throws -> [URL] {
        if let listed { return try await listed.value }
        let reader = self.reader
        // Only a type the source offers (DragKit's `FileListFormat` says why), the next
        // where one fails.
        let types = FileListFormat.typesToRead(offered: reader.reader.mimeTypes, readable: TransferType.fileListMimeTypes)
        guard !types.isEmpty else {
            throw ItemProviderError.unavailable(tr("The drop offers no file list Drover can read."))
        }
        let reading = Task {
            var failure: (any Error)?
            for type in types {
                do { return try await reader.reader.readFiles(as: type.mimeType) } catch { failure = error }
            }
            throw failure!
        }
        listed = reading
        return try await reading.value
    }

    func webAddress() async throws -> URL? {
        if reader.reader.offers(mimeType: ContentType.mozURL.mimeType) {
            let (stream, _) = try await reader.reader.openStream(mimeTypes: [ContentType.mozURL.mimeType])
            let data = try await stream.readAll(limit: 64 * 1024) { _ in }
            if let url = MozURLFormat.decode(data), WebImage.isWebAddress(url) { return url }
        }
        let canList = reader.reader.offers(TransferType.fileList)
            || reader.reader.offers(mimeType: ContentType.uriList.mimeType)
        return canList ? try await list().first(where: WebImage.isWebAddress) : nil
    }
}

/// A `ContentReader` carried into DragKit's loaders, which are `@Sendable`: every reader
/// is a main-actor object (a `GdkDrop`, the clipboard), and it is only ever used inside
/// `ReaderItem`'s main-actor functions. (Declaring `ContentReader: Sendable` in GtkKit
/// would say the same without this box.)
private struct MainActorReader: @unchecked Sendable {
    let reader: any ContentReader
}
