/// What a file's first bytes say it holds, whatever its name: the content half of the one
/// rule for what an import takes (GalleryKit's `ImportContentRule` adds which decoders are
/// installed). A folder's files and a file imported alone are judged by it alike, so a
/// JPEG without an extension, a PPM or an icon is taken from a folder as it is alone.
public enum ImageContent: Equatable, Sendable {
    /// A format of the one table (`ImageFormat.sniff`): a photo format, or one with a
    /// signature that no installed decoder may read.
    case format(ImageFormat)
    /// Another raster format the image loaders read, outside the table (named): PNM, XPM,
    /// ICO, ICNS, ANI, XBM, TGA. (Camera raw files such as DNG and CR2 are TIFF inside.)
    case otherRaster(String)
    /// A vector image (named): a photo library does not take one.
    case vector(String)

    /// How many bytes from the start `recognize` may look at.
    public static let headerLength = 512

    /// The content of a file that starts with `bytes`, or nil for anything that is not an image.
    public static func recognize(_ bytes: UnsafeRawBufferPointer) -> ImageContent? {
        recognize(ImageBytes(bytes))
    }

    package static func recognize(_ bytes: some ByteSource) -> ImageContent? {
        if let format = ImageFormat.sniff(bytes) { return .format(format) }
        // Netpbm: "P1" to "P7", then white space.
        if bytes.matches("P", at: 0), let kind = bytes.byte(at: 1), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(kind),
           let next = bytes.byte(at: 2), [0x20, 0x09, 0x0A, 0x0D].contains(next) {
            return .otherRaster("PNM")
        }
        if bytes.matches("/* XPM */", at: 0) { return .otherRaster("XPM") }
        // Windows icon or cursor: reserved 0, type 1 or 2, at least one image.
        if bytes.matches([0, 0], at: 0), let type = bytes.uint16(at: 2, bigEndian: false), type == 1 || type == 2,
           let count = bytes.uint16(at: 4, bigEndian: false), count > 0 {
            return .otherRaster("ICO")
        }
        if bytes.matches("icns", at: 0) { return .otherRaster("ICNS") }
        if bytes.matches("RIFF", at: 0), bytes.matches("ACON", at: 8) { return .otherRaster("ANI") }
        if bytes.matches("#define ", at: 0) { return .otherRaster("XBM") }
        if startsWithSVG(bytes) { return .vector("SVG") }
        if isTGAHeader(bytes) { return .otherRaster("TGA") }
        return nil
    }

    /// "<svg" (after an XML declaration, comments or a doctype) within the first bytes.
    private static func startsWithSVG(_ bytes: some ByteSource) -> Bool {
        var text: [UInt8] = []
        while text.count < headerLength, let byte = bytes.byte(at: text.count) { text.append(byte) }
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let first = text[start...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") else {
            return false
        }
        let marker = Array("<svg".utf8)
        return text.indices.contains { text[$0...].starts(with: marker) }
    }

    /// TGA has no signature: its 18-byte header must be consistent. A colour-mapped image
    /// (types 1 and 9) has a colour map and the others none; the pixel depth is one TGA
    /// allows, the size is not empty, and the descriptor's two unused bits are clear.
    private static func isTGAHeader(_ bytes: some ByteSource) -> Bool {
        guard let mapType = bytes.byte(at: 1), let imageType = bytes.byte(at: 2), let depth = bytes.byte(at: 16),
              let descriptor = bytes.byte(at: 17), let width = bytes.uint16(at: 12, bigEndian: false),
              let height = bytes.uint16(at: 14, bigEndian: false), let mapLength = bytes.uint16(at: 5, bigEndian: false),
              let mapDepth = bytes.byte(at: 7) else { return false }
        let mapped = imageType == 1 || imageType == 9
        guard [1, 2, 3, 9, 10, 11].contains(imageType), mapType == (mapped ? 1 : 0) else { return false }
        if mapped {
            guard mapLength > 0, [15, 16, 24, 32].contains(mapDepth) else { return false }
        } else {
            guard mapLength == 0, mapDepth == 0 else { return false }
        }
        return [8, 15, 16, 24, 32].contains(depth) && width > 0 && height > 0 && descriptor & 0xC0 == 0
    }
}
