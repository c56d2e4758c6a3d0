/// BMP: the pixel array (its offset in the file header, its size computed from the info
/// header's width, height and bit depth, or the declared size for compressed data) must
/// lie inside the file. The file header's own size field is only used for compressed data
/// without a declared size, since writers are known to leave it wrong or zero.
package enum BMPStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        guard let pixelOffset = bytes.uint32(at: 10, bigEndian: false),
              let infoSize = bytes.uint32(at: 14, bigEndian: false) else {
            return .incomplete(reason: "the BMP ends inside its header")
        }
        guard infoSize == 12 || infoSize >= 40 else { return .incomplete(reason: "the BMP's header has an unknown size") }
        guard bytes.contains(14, length: infoSize), let layout = layout(bytes, infoSize: infoSize) else {
            return .incomplete(reason: "the BMP ends inside its header")
        }
        let pixelBytes: Int
        switch layout.compression {
        case 0, 3, 6:  // Uncompressed; bit fields are uncompressed too.
            guard let size = uncompressedSize(width: layout.width, height: layout.height, bitsPerPixel: layout.bitsPerPixel) else {
                return .incomplete(reason: "the BMP declares more pixels than any file can hold")
            }
            pixelBytes = size
        default:  // RLE, or an embedded JPEG or PNG: only the declared sizes say how long.
            if layout.imageSize > 0 {
                pixelBytes = layout.imageSize
            } else if let fileSize = bytes.uint32(at: 2, bigEndian: false), fileSize > pixelOffset {
                pixelBytes = fileSize - pixelOffset
            } else {
                return .notChecked
            }
        }
        guard bytes.contains(pixelOffset, length: pixelBytes) else {
            return .incomplete(reason: "the BMP ends before its pixels do")
        }
        return .complete
    }

    private struct Layout {
        var width: Int
        var height: Int
        var bitsPerPixel: Int
        var compression: Int
        var imageSize: Int
    }

    private static func layout(_ bytes: ImageBytes, infoSize: Int) -> Layout? {
        if infoSize == 12 {  // OS/2 BITMAPCOREHEADER: 16-bit sizes, never compressed.
            guard let width = bytes.uint16(at: 18, bigEndian: false), let height = bytes.uint16(at: 20, bigEndian: false),
                  let bits = bytes.uint16(at: 24, bigEndian: false) else { return nil }
            return Layout(width: width, height: height, bitsPerPixel: bits, compression: 0, imageSize: 0)
        }
        guard let width = bytes.uint32(at: 18, bigEndian: false), let height = bytes.uint32(at: 22, bigEndian: false),
              let bits = bytes.uint16(at: 28, bigEndian: false), let compression = bytes.uint32(at: 30, bigEndian: false),
              let imageSize = bytes.uint32(at: 34, bigEndian: false) else { return nil }
        // Width and height are signed; a negative height means rows run top-down.
        return Layout(width: abs(Int(Int32(bitPattern: UInt32(width)))), height: abs(Int(Int32(bitPattern: UInt32(height)))),
                      bitsPerPixel: bits, compression: compression, imageSize: imageSize)
    }

    /// Rows are padded to 4 bytes. Nil when the size overflows.
    private static func uncompressedSize(width: Int, height: Int, bitsPerPixel: Int) -> Int? {
        let (bits, overflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        guard !overflow else { return nil }
        let rowBytes = (bits + 31) / 32 * 4
        let (total, overflowed) = rowBytes.multipliedReportingOverflow(by: height)
        return overflowed ? nil : total
    }
}
