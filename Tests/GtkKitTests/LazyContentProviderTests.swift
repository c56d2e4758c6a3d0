// The lazy content provider every drag out of Drover (and every copy) is made of: it
// announces its formats at once and makes each one only when a target asks, from what the
// drag holds then. Read here as a target would: a file list by value, bytes through a stream.
import XCTest
import Foundation
import CGtk
import GtkKit

/// What a target's read of one provider got.
@MainActor
private final class Read {
    var data: Data?
    var error: (any Error)?
    var done: Bool { data != nil || error != nil }
}

/// A value the provider's closures read or count when they run.
@MainActor
private final class Shared<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

final class LazyContentProviderTests: GTKTestCase {
    /// Writes `mimeType` from `provider` into memory, as a target's read would.
    @MainActor
    private static func write(_ provider: ContentProvider, _ mimeType: String, into read: Read) {
        Task { @MainActor in
            let stream = g_memory_output_stream_new_resizable()!
            defer { g_object_unref(stream) }
            do {
                let raw = provider.provider
                try await awaitGAsync({ cancellable, callback, data in
                    gdk_content_provider_write_mime_type_async(raw, mimeType, stream, G_PRIORITY_DEFAULT, cancellable,
                                                               callback, data)
                }, finish: { result in
                    _ = try GLibError.check { gdk_content_provider_write_mime_type_finish(raw, result, $0) }
                })
                let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)
                let size = Int(g_memory_output_stream_get_data_size(memory))
                read.data = g_memory_output_stream_get_data(memory).map { Data(bytes: $0, count: size) } ?? Data()
            } catch {
                read.error = error
            }
        }
    }

    /// The URIs of the provider's file list, read by value as an in-app drop does.
    @MainActor
    private static func fileList(of provider: ContentProvider) -> [String]? {
        var value = GValue()
        g_value_init(&value, TransferType.fileList)
        defer { g_value_unset(&value) }
        var error: UnsafeMutablePointer<GError>?
        guard gdk_content_provider_get_value(provider.provider, &value, &error) != 0 else {
            g_error_free(error)
            return nil
        }
        var uris: [String] = []
        var node = gdk_file_list_get_files(OpaquePointer(g_value_get_boxed(&value)))
        let list = node
        while let current = node {
            if let uri = g_file_get_uri(OpaquePointer(current.pointee.data)) {
                uris.append(String(cString: uri))
                g_free(uri)
            }
            node = current.pointee.next
        }
        g_slist_free(list)
        return uris
    }

    func testItAnnouncesFilesFirstThenItsTypesAndMakesNothingUntilAsked() {
        onMain {
            let asked = Shared(0)
            let provider = ContentProvider.lazy(mimeTypes: ["image/png", "text/plain;charset=utf-8"],
                                                files: { asked.value += 1; return [] },
                                                write: { _ in asked.value += 1; return Data() })
            XCTAssertTrue(provider.offersFiles)
            let types = provider.mimeTypes
            XCTAssertEqual(Array(types.prefix(2)), ["image/png", "text/plain;charset=utf-8"])
            XCTAssertTrue(types.contains("text/uri-list"), "the file list travels as a URI list: \(types)")
            XCTAssertEqual(asked.value, 0)

            let noFiles = ContentProvider.lazy(mimeTypes: ["application/x-drover-album-id"], files: nil) { _ in Data() }
            XCTAssertFalse(noFiles.offersFiles)
            XCTAssertEqual(noFiles.mimeTypes, ["application/x-drover-album-id"])
        }
    }

    func testTheFileListIsWhatTheListerGivesWhenATargetAsks() {
        onMain {
            let files = Shared([URL(fileURLWithPath: "/library/a.jpg")])
            let provider = ContentProvider.lazy(mimeTypes: [], files: { files.value }) { _ in Data() }
            // A photo flocks into the drag after it started: the drop gets it too.
            files.value.append(URL(fileURLWithPath: "/cache/Bridge.geojson"))
            XCTAssertEqual(Self.fileList(of: provider), ["file:///library/a.jpg", "file:///cache/Bridge.geojson"])
        }
    }

    func testBytesAreWrittenFromTheWriterAndTheFileListAsAURIList() {
        onMain {
            let provider = ContentProvider.lazy(mimeTypes: ["image/png"],
                                                files: { [URL(fileURLWithPath: "/library/a b.png")] }) { mimeType in
                Data("bytes of \(mimeType)".utf8)
            }
            let png = Read(), uris = Read()
            Self.write(provider, "image/png", into: png)
            Self.write(provider, "text/uri-list", into: uris)
            XCTAssertTrue(waitUntil { png.done && uris.done }, "a write never finished")
            XCTAssertEqual(png.data.map { String(decoding: $0, as: UTF8.self) }, "bytes of image/png")
            XCTAssertEqual(uris.data.map { String(decoding: $0, as: UTF8.self) }, "file:///library/a%20b.png\r\n")
        }
    }

    func testATypeTheWriterOffersIsItsOwnEvenWhereTheFileListCouldBecomeIt() {
        onMain {
            // A note dragged with photos: its text, never the photos' paths as text.
            let provider = ContentProvider.lazy(mimeTypes: ["text/plain;charset=utf-8"],
                                                files: { [URL(fileURLWithPath: "/library/a.jpg")] }) { _ in
                Data("a note".utf8)
            }
            let text = Read()
            Self.write(provider, "text/plain;charset=utf-8", into: text)
            XCTAssertTrue(waitUntil { text.done }, "the write never finished")
            XCTAssertEqual(text.data.map { String(decoding: $0, as: UTF8.self) }, "a note")
        }
    }

    func testAWriterThatFailsFailsTheReadWithItsMessage() {
        onMain {
            let provider = ContentProvider.lazy(mimeTypes: ["image/png"], files: nil) { _ in
                throw GLibError.message("The crop is gone")
            }
            let read = Read()
            Self.write(provider, "image/png", into: read)
            XCTAssertTrue(waitUntil { read.done }, "the write never finished")
            XCTAssertNil(read.data)
            XCTAssertEqual((read.error as? GLibError)?.message, "The crop is gone")
        }
    }
}
