// Test images and their bytes, shared by ImageFormatsTests and GalleryKitTests: images
// made in code with gdk-pixbuf, hand-made PNG chunks, a seeded generator.
import CPixbuf
import Foundation

/// Test images made in code, with gdk-pixbuf, and bad files made as raw bytes.
public enum TestImages {
    /// gdk-pixbuf savers; webp and avif need their loaders (scripts/install-deps.sh).
    public enum Format: String { case png, jpeg, bmp, tiff, webp, avif, ico }

    /// Writes a `width`×`height` image with a gradient (so JPEG and PNG have real content).
    /// A PNG carries a `mark` (by default its file name) in a text chunk: the same pixels in
    /// other bytes, so that an import does not take it for a repeat of another image of the
    /// same size. A test that wants the same bytes twice copies the file.
    @discardableResult
    public static func write(_ url: URL, width: Int, height: Int, format: Format = .png, alpha: Bool = false,
                      mark: String? = nil) throws -> URL {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height)) else {
            throw TestError("gdk_pixbuf_new failed")
        }
        defer { drover_pixbuf_unref(pixbuf) }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let pixel = pixels + y * stride + x * channels
                pixel[0] = UInt8(x * 255 / max(1, width - 1))
                pixel[1] = UInt8(y * 255 / max(1, height - 1))
                pixel[2] = UInt8((x ^ y) & 0xFF)
                if alpha { pixel[3] = 255 }
            }
        }
        var error: UnsafeMutablePointer<GError>?
        let saved: gboolean
        if format == .png {
            let mark = mark ?? url.lastPathComponent
            var keys: [UnsafeMutablePointer<CChar>?] = [strdup("tEXt::Mark"), nil]
            var values: [UnsafeMutablePointer<CChar>?] = [strdup(mark), nil]
            defer { free(keys[0]); free(values[0]) }
            saved = gdk_pixbuf_savev(pixbuf, url.path, format.rawValue, &keys, &values, &error)
        } else {
            saved = gdk_pixbuf_savev(pixbuf, url.path, format.rawValue, nil, nil, &error)
        }
        guard saved != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            if error != nil { g_error_free(error) }
            throw TestError("saving \(url.lastPathComponent): \(message)")
        }
        return url
    }

    /// The first half of a real PNG: the header parses, the pixels end early.
    @discardableResult
    public static func writeTruncatedPNG(_ url: URL) throws -> URL {
        let whole = url.deletingLastPathComponent().appendingPathComponent("whole-\(UUID().uuidString).png")
        try write(whole, width: 200, height: 200)
        let bytes = try Data(contentsOf: whole)
        try FileManager.default.removeItem(at: whole)
        try bytes.prefix(bytes.count / 2).write(to: url)
        return url
    }

    /// A tiny PNG whose header claims 100000×100000 pixels: a decompression bomb.
    @discardableResult
    public static func writeBombPNG(_ url: URL, width: UInt32 = 100_000, height: UInt32 = 100_000) throws -> URL {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: width)
        header.append(bigEndian: height)
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, no filter, no interlace
        data.append(chunk: "IHDR", header)
        // A few bytes of deflate stream (a real bomb would be a long run of zeros).
        data.append(chunk: "IDAT", Data([0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]))
        data.append(chunk: "IEND", Data())
        try data.write(to: url)
        return url
    }
}

/// Builds PNG chunks for tests that need a chunk the encoder does not write.
public enum PNGChunks {
    public static func inserting(chunk type: String, _ payload: Data, afterIHDRof png: Data) -> Data {
        let ihdrEnd = 8 + 12 + 13
        var chunk = Data()
        chunk.append(chunk: type, payload)
        return png.prefix(ihdrEnd) + chunk + png.dropFirst(ihdrEnd)
    }
}

public struct TestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Data {
    public mutating func append(bigEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    public mutating func append(chunk type: String, _ payload: Data) {
        append(bigEndian: UInt32(payload.count))
        let body = Data(type.utf8) + payload
        append(body)
        append(bigEndian: crc32(body))
    }
}

public func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return crc ^ 0xFFFF_FFFF
}

/// A small seeded generator, so a failure repeats.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
