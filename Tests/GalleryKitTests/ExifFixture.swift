import Foundation
import TestSupport

/// Writes EXIF blocks byte by byte, so GPS tests need neither exiftool nor committed
/// photos, and malformed tags can be exactly as malformed as wanted.
///
/// `jpeg(_:)` puts the block (an APP1 "Exif" segment holding a TIFF structure:
/// IFD0, and the GPS IFD it points to) into a JPEG right after its JFIF segment;
/// `png(_:)` puts it into an `eXIf` chunk.
struct ExifFixture: Sendable {
    enum ByteOrder: Sendable { case little, big }

    /// One TIFF entry: `type` 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 10 SRATIONAL.
    struct Entry: Sendable {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var payload: @Sendable (ByteOrder) -> [UInt8]
    }

    var order: ByteOrder = .little
    var orientation: UInt16?
    var gps: [Entry] = []
    /// More IFD0 entries (DateTime, 0x0132).
    var ifd0: [Entry] = []
    /// The Exif IFD's entries (DateTimeOriginal 0x9003, OffsetTimeOriginal 0x9011, …).
    var exif: [Entry] = []

    // MARK: Entries

    static func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count)) { _ in bytes }
    }

    static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)], type: UInt16 = 5) -> Entry {
        Entry(tag: tag, type: type, count: UInt32(values.count)) { order in
            values.flatMap { bytes($0.0, order) + bytes($0.1, order) }
        }
    }

    static func byte(_ tag: UInt16, _ value: UInt8) -> Entry {
        Entry(tag: tag, type: 1, count: 1) { _ in [value] }
    }

    static func short(_ tag: UInt16, _ value: UInt16) -> Entry {
        Entry(tag: tag, type: 3, count: 1) { order in bytes(value, order) }
    }

    /// Degrees, minutes and seconds as three RATIONALs (seconds in 1/100).
    static func dms(_ tag: UInt16, _ decimal: Double) -> Entry {
        let value = abs(decimal)
        let degrees = value.rounded(.down)
        let minutes = ((value - degrees) * 60).rounded(.down)
        let seconds = ((value - degrees) * 60 - minutes) * 60
        return rationals(tag, [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32((seconds * 100).rounded()), 100)])
    }

    /// A complete, well-formed position.
    static func position(latitude: Double, longitude: Double, altitude: Double? = nil) -> [Entry] {
        var entries = [ascii(1, latitude < 0 ? "S" : "N"), dms(2, latitude),
                       ascii(3, longitude < 0 ? "W" : "E"), dms(4, longitude)]
        if let altitude {
            entries += [byte(5, altitude < 0 ? 1 : 0), rationals(6, [(UInt32((abs(altitude) * 10).rounded()), 10)])]
        }
        return entries
    }

    // MARK: Writing

    /// The TIFF structure: header, IFD0 (orientation, GPS pointer), GPS IFD, then values.
    /// With `ifd0Offset` past 8, zeros fill the gap, as pixels do in a TIFF file whose
    /// directories libtiff wrote after them.
    func tiff(ifd0Offset: Int = 8) -> [UInt8] {
        var ifd0 = self.ifd0
        if let orientation { ifd0.append(Self.short(0x0112, orientation)) }
        let pointers = (gps.isEmpty ? 0 : 1) + (exif.isEmpty ? 0 : 1)
        let ifd0Size = ifd(ifd0 + [Entry](repeating: Self.short(0xFFFF, 0), count: pointers), at: 0).count
        let gpsOffset = ifd0Offset + ifd0Size
        let exifOffset = gpsOffset + (gps.isEmpty ? 0 : ifd(gps, at: 0).count)
        if !gps.isEmpty {
            ifd0.append(Entry(tag: 0x8825, type: 4, count: 1) { order in Self.bytes(UInt32(gpsOffset), order) })
        }
        if !exif.isEmpty {
            ifd0.append(Entry(tag: 0x8769, type: 4, count: 1) { order in Self.bytes(UInt32(exifOffset), order) })
        }
        var out: [UInt8] = order == .little ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        out += Self.bytes(UInt32(ifd0Offset), order)
        out += [UInt8](repeating: 0, count: ifd0Offset - 8)
        out += ifd(ifd0, at: ifd0Offset)
        if !gps.isEmpty { out += ifd(gps, at: gpsOffset) }
        if !exif.isEmpty { out += ifd(exif, at: exifOffset) }
        return out
    }

    /// One IFD at `offset`, followed by the values too big for their entries.
    private func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var table = Self.bytes(UInt16(sorted.count), order)
        var values: [UInt8] = []
        let valuesStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            table += Self.bytes(entry.tag, order) + Self.bytes(entry.type, order) + Self.bytes(entry.count, order)
            let payload = entry.payload(order)
            if payload.count <= 4 {
                table += payload + [UInt8](repeating: 0, count: 4 - payload.count)
            } else {
                table += Self.bytes(UInt32(valuesStart + values.count), order)
                values += payload
                if values.count % 2 == 1 { values.append(0) }  // word alignment
            }
        }
        table += Self.bytes(UInt32(0), order)  // no next IFD
        return table + values
    }

    /// `jpeg` with this EXIF block inserted after its JFIF (APP0) segment.
    func jpeg(_ jpeg: Data) throws -> Data {
        let bytes = [UInt8](jpeg)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw TestError("not a JPEG") }
        var insertAt = 2
        if bytes[2] == 0xFF, bytes[3] == 0xE0 { insertAt = 4 + Int(bytes[4]) << 8 + Int(bytes[5]) }
        let body = Array("Exif".utf8) + [0, 0] + tiff()
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        return Data(bytes[..<insertAt] + segment + bytes[insertAt...])
    }

    /// `png` with this block as an `eXIf` chunk right after its IHDR chunk.
    func png(_ png: Data) throws -> Data {
        let bytes = [UInt8](png)
        let ihdrEnd = 8 + 8 + 13 + 4
        guard bytes.count > ihdrEnd, bytes[12..<16].elementsEqual("IHDR".utf8) else { throw TestError("not a PNG") }
        var chunk = Data()
        chunk.append(chunk: "eXIf", Data(tiff()))
        return Data(bytes[..<ihdrEnd]) + chunk + Data(bytes[ihdrEnd...])
    }

    /// Writes a small generated PNG carrying this block.
    @discardableResult
    func writePNG(_ url: URL, width: Int = 64, height: Int = 48) throws -> URL {
        try TestImages.write(url, width: width, height: height)
        try png(try Data(contentsOf: url)).write(to: url)
        return url
    }

    /// Writes a small generated JPEG carrying this block.
    @discardableResult
    func writeJPEG(_ url: URL, width: Int = 64, height: Int = 48) throws -> URL {
        try TestImages.write(url, width: width, height: height, format: .jpeg)
        try jpeg(try Data(contentsOf: url)).write(to: url)
        return url
    }

    private static func bytes<T: FixedWidthInteger>(_ value: T, _ order: ByteOrder) -> [UInt8] {
        withUnsafeBytes(of: order == .little ? value.littleEndian : value.bigEndian) { Array($0) }
    }
}
