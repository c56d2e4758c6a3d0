import CJPEG
import Foundation

/// Where a second decoder can start a baseline JPEG's scan without entropy-decoding what
/// comes before it: the start of MCU row `row`, its first code's `byte` (counted from the
/// scan's first byte) and `bit`, and each component's DC predictor there (`dc`). CJPEG's
/// entry_point.h has how it is found and used, and why.
///
/// The background scan's decode child finds it (`find`, with the QR codes: `QRCodesFile`),
/// the library keeps it, and the viewer's decode child, given it (`--entry`), decodes the
/// photo on two threads from it. It passes through Drover as text only; every number is
/// checked here and again where it is used, since a child wrote it.
public struct JPEGEntryPoint: Sendable, Hashable {
    public let row: Int
    public let byte: Int
    public let bit: Int
    public let dc: [Int]

    /// Photos smaller than this are not given one: their decode at the viewer's size takes a
    /// few ms on one thread, less than finding the entry point costs the background scan.
    static let minimumPixels = 4_000_000

    /// "ROW BYTE BIT DC…" (one DC predictor per component, one to four): how it travels in a
    /// scan's file, a decode request and the library.
    public var text: String { ([row, byte, bit] + dc).map(String.init).joined(separator: " ") }

    /// The entry point `text` spells, or nil unless every number is in its range.
    public init?(text: some StringProtocol) {
        let numbers = text.split(separator: " ", omittingEmptySubsequences: false).map { Int($0) }
        guard (4...7).contains(numbers.count), numbers.allSatisfy({ $0 != nil }) else { return nil }
        let values = numbers.map { $0! }
        self.init(row: values[0], byte: values[1], bit: values[2], dc: Array(values[3...]))
    }

    /// Nil unless `row` is 1 to 65,535 (a JPEG is at most 65,535 pixels high), `byte` within
    /// the 1 GB the import takes, `bit` 0 to 7, and each DC predictor within what 8-bit
    /// samples give (±2,047).
    init?(row: Int, byte: Int, bit: Int, dc: [Int]) {
        guard (1...65_535).contains(row), (0..<(1 << 30)).contains(byte), (0...7).contains(bit), (1...4).contains(dc.count),
              dc.allSatisfy({ (-2047...2047).contains($0) }) else { return nil }
        (self.row, self.byte, self.bit, self.dc) = (row, byte, bit, dc)
    }

    /// The entry point of the JPEG on `descriptor` (read from its start; its offset is left as it
    /// was), or nil when it is no JPEG of at least `minimumPixels` that has a use for one (a
    /// baseline scan without restart markers: CJPEG's `drover_jpeg_scan_layout`) or its data does
    /// not decode. A Huffman pass over the first half of the scan: about 30 ms of CPU for a
    /// 24-megapixel photo. Runs only in a decode child.
    static func find(descriptor: Int32, minimumPixels: Int = minimumPixels) -> JPEGEntryPoint? {
        var magic = [UInt8](repeating: 0, count: 3)
        guard pread(descriptor, &magic, 3, 0) == 3, magic == [0xFF, 0xD8, 0xFF] else { return nil }
        // The decoder maps the file from its offset on (at the end: not at all), so from 0 here.
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        defer { lseek(descriptor, offset, SEEK_SET) }
        guard let jpeg = drover_jpeg_new(descriptor, nil, 0) else { return nil }
        defer { drover_jpeg_free(jpeg) }
        guard jpeg.pointee.source.mapped != nil else { return nil }
        guard drover_jpeg_read_header(jpeg) == 0,
              Int(jpeg.pointee.info.image_width) * Int(jpeg.pointee.info.image_height) >= minimumPixels else { return nil }
        var entry = drover_jpeg_entry()
        guard drover_jpeg_entry_of(jpeg, &entry) == 0 else { return nil }
        return JPEGEntryPoint(entry)
    }

    init?(_ entry: drover_jpeg_entry) {
        let dc = withUnsafeBytes(of: entry.dc) { Array($0.bindMemory(to: Int32.self)) }.map { Int($0) }
        guard (1...4).contains(Int(entry.components)) else { return nil }
        self.init(row: Int(entry.row), byte: Int(entry.byte), bit: Int(entry.bit), dc: Array(dc.prefix(Int(entry.components))))
    }

    /// The C form, for `drover_jpeg_read_rows_on_two_threads`.
    var cEntry: drover_jpeg_entry {
        var entry = drover_jpeg_entry()
        entry.row = Int32(row)
        entry.byte = Int64(byte)
        entry.bit = Int32(bit)
        entry.components = Int32(dc.count)
        withUnsafeMutableBytes(of: &entry.dc) { bytes in
            let values = bytes.bindMemory(to: Int32.self)
            for (index, value) in dc.enumerated() { values[index] = Int32(value) }
        }
        return entry
    }
}
