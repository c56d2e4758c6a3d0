import Foundation

/// Whether an image file is whole. gdk-pixbuf decodes a truncated JPEG or PNG
/// without an error and paints the missing part grey, so import checks the end
/// marker itself before it accepts a file.
enum ImageFileEnding {
    /// PNG: the IEND chunk is present. JPEG: the end-of-image marker follows the
    /// first scan of the main image (scan data cannot hold FF D9, since it stuffs
    /// FF as FF 00, and an EXIF thumbnail's own marker sits inside a segment that
    /// is skipped by its length). Bytes after the marker (a motion photo's video)
    /// are allowed. Other formats are not checked.
    static func isComplete(_ path: String, format: String) -> Bool {
        guard format == "jpeg" || format == "png",
              let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return true }
        return isComplete(data, format: format)
    }

    /// The same check on a file's bytes (what the fuzzer feeds, FuzzTesting/).
    static func isComplete(_ data: Data, format: String) -> Bool {
        guard format == "jpeg" || format == "png" else { return true }
        if format == "png" { return data.range(of: Data("IEND".utf8)) != nil }
        var index = 2
        while index + 4 <= data.count {
            guard data[index] == 0xFF else { return false }
            let marker = data[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xDA { return data[(index + 2)...].range(of: Data([0xFF, 0xD9])) != nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            index += 2 + (Int(data[index + 2]) << 8 | Int(data[index + 3]))
        }
        return false
    }
}
