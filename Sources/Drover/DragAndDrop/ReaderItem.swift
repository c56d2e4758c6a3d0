import CGtk
import DragKit
import Foundation
import GtkKit

/// A drop from another application, or the clipboard's content, as one DragKit item: a
/// provider offering what the source offers, each representation read through GTK when
/// DragKit loads it. GTK cannot say how many things a drop holds before it is read (a
/// file list is one transfer), so it is one item; a file list becomes one placeholder per
/// file once read (see `DropImporter`).
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
                     onBytes: @escaping @MainActor (Int) -> Void = { _ in }) -> DragItem {
        let reader = MainActorReader(reader: contentReader)
        var provider = ItemProvider()
        if contentReader.offers(TransferType.fileList) || contentReader.offers(mimeType: ContentType.uriList.mimeType) {
            provider.register(.uriList) { progress in
                let urls = try await readFiles(from: reader)
                progress(1)
                return URIListFormat.encode(urls)
            }
        }
        // In the source's order: DragKit's rule lets it break the tie among images.
        let offered = contentReader.mimeTypes.filter { imageMimeTypes.contains(ContentType($0).mimeType) }
        for type in offered {
            provider.register(ContentType(type)) { progress in
                try await readImage(type, from: reader, progress: progress, onBytes: onBytes)
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
        var provider = ItemProvider(suggestedName: "Files")
        let list = URIListFormat.encode(urls)
        provider.register(.uriList) { _ in list }
        return DragItem(provider: provider)
    }

    private static func readFiles(from reader: MainActorReader) async throws -> [URL] {
        try await reader.reader.readFiles()
    }

    private static func readText(from reader: MainActorReader) async throws -> String {
        try await reader.reader.readText()
    }

    private static func readImage(_ type: String, from reader: MainActorReader, progress: LoadProgressHandler,
                                  onBytes: @MainActor (Int) -> Void) async throws -> Data {
        let (stream, _) = try await reader.reader.openStream(mimeTypes: [type])
        progress(0)
        return try await stream.readAll(limit: maximumImageBytes) { bytes in
            progress(0)
            onBytes(bytes)
        }
    }
}

/// A `ContentReader` carried into DragKit's loaders, which are `@Sendable`: every reader
/// is a main-actor object (a `GdkDrop`, the clipboard), and it is only ever used inside
/// `ReaderItem`'s main-actor functions. (Declaring `ContentReader: Sendable` in GtkKit
/// would say the same without this box.)
private struct MainActorReader: @unchecked Sendable {
    let reader: any ContentReader
}
