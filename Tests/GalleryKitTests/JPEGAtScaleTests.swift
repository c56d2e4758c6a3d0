import CPixbuf
import Foundation
import Testing
@testable import GalleryKit

/// `drover_load_jpeg_at_scale` reads a JPEG in big pieces instead of gdk-pixbuf's 4 KB ones;
/// what it decodes, and every error it gives, must be gdk-pixbuf's own.
@Suite struct JPEGAtScaleTests {
    @Test func aLargeJPEGDecodesToTheSamePixelsAsGdkPixbufsOwnLoad() throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("large.jpg"), width: 4000, height: 3000, format: .jpeg)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: photo.path)[.size] as? Int)
        #expect(size > 256 * 1024, "more than one read: \(size) bytes")

        let ours = try #require(Self.ours(photo.path))
        let theirs = Self.gdkPixbufs(photo.path)
        #expect(ours == theirs, "\(ours.summary) against \(theirs.summary)")
        #expect(ours.width == 256 && ours.height == 192)
    }

    @Test func damagedJPEGsFailOrDegradeAsWithGdkPixbuf() throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("whole.jpg"), width: 1600, height: 1200, format: .jpeg)
        let bytes = try Data(contentsOf: photo)
        let cases: [(String, Data)] = [
            ("cut.jpg", bytes.prefix(bytes.count * 3 / 5)),
            ("headeronly.jpg", bytes.prefix(400)),
            ("garbage.jpg", Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0x5A, count: 300_000)),
        ]
        for (name, content) in cases {
            let url = temp.file(name)
            try content.write(to: url)
            let (ours, theirs) = (Self.ours(url.path), Self.gdkPixbufs(url.path))
            // The same error, or the same size with the same grey (missing) part; the last
            // partly received rows of a cut-off JPEG may differ a little, as libjpeg saw
            // the end of the data at another point.
            #expect(ours?.summary == theirs.summary, "\(name)")
            if case .failed = theirs { #expect(ours == theirs, "\(name)") }
        }
    }

    @Test func anythingButAJPEGIsLeftToGdkPixbuf() throws {
        let temp = try TemporaryDirectory()
        let png = try TestImages.write(temp.file("image.png"), width: 600, height: 400)
        var handled: gboolean = 1
        var error: UnsafeMutablePointer<GError>?
        #expect(drover_load_jpeg_at_scale(png.path, 256, &handled, &error) == nil)
        #expect(handled == 0 && error == nil)
        #expect(drover_load_jpeg_at_scale(temp.file("missing.jpg").path, 256, &handled, &error) == nil)
        #expect(handled == 0 && error == nil, "a file error is gdk-pixbuf's to report")
    }

    // MARK: - Helpers

    enum Loaded: Equatable {
        case pixels(width: Int, height: Int, bytes: [UInt8])
        case failed(domain: UInt32, code: Int32, message: String)

        var summary: String {
            switch self {
            case .pixels(let width, let height, let bytes): "\(width)x\(height), \(bytes.filter { $0 == 128 }.count) grey bytes"
            case .failed(_, _, let message): message
            }
        }
        var width: Int { if case .pixels(let width, _, _) = self { width } else { 0 } }
        var height: Int { if case .pixels(_, let height, _) = self { height } else { 0 } }
    }

    private static func ours(_ path: String) -> Loaded? {
        var handled: gboolean = 0
        var error: UnsafeMutablePointer<GError>?
        let raw = drover_load_jpeg_at_scale(path, 256, &handled, &error)
        guard handled != 0 else { return nil }
        return loaded(raw, error)
    }

    private static func gdkPixbufs(_ path: String) -> Loaded {
        var error: UnsafeMutablePointer<GError>?
        return loaded(gdk_pixbuf_new_from_file_at_scale(path, 256, 256, 1, &error), error)
    }

    private static func loaded(_ raw: OpaquePointer?, _ error: UnsafeMutablePointer<GError>?) -> Loaded {
        guard let raw else {
            defer { if error != nil { g_error_free(error) } }
            guard let error else { return .failed(domain: 0, code: 0, message: "no error") }
            return .failed(domain: error.pointee.domain, code: error.pointee.code, message: String(cString: error.pointee.message))
        }
        let image = Pixbuf(taking: raw).decodedImage()
        return .pixels(width: image.width, height: image.height, bytes: image.pixels)
    }
}
