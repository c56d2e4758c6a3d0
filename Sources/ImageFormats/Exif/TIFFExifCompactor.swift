import Foundation

/// EXIF in a TIFF file: the file is itself the TIFF structure libexif parses, but it can
/// be hundreds of megabytes, and libtiff writes its directories after the pixels, at the
/// end. So instead of reading it whole, this copies out only what the readers use (IFD0's
/// orientation, date and camera, the Exif IFD's dates and offsets, and the GPS IFD, with the
/// values their entries point to) into a small, well-formed TIFF structure in the file's
/// byte order.
///
/// Entries are copied as stored (type, count, bytes), so libexif still sees and refuses
/// a malformed tag; an entry whose value lies outside the file is left out.
package enum TIFFExifCompactor {
    package static let orientationTag = 0x0112
    package static let dateTimeTag = 0x0132
    /// IFD0's camera make and model (for the details view).
    package static let cameraTags: Set<Int> = [0x010F, 0x0110]
    package static let gpsPointerTag = 0x8825
    package static let exifPointerTag = 0x8769
    /// The Exif IFD's tags the readers use: DateTimeOriginal, OffsetTime, OffsetTimeOriginal.
    package static let exifTags: Set<Int> = [0x9003, 0x9010, 0x9011]
    /// More entries than any real GPS IFD has (there are 32 GPS tags).
    package static let maxEntries = 1000

    /// One IFD entry, its value out of line if longer than four bytes.
    package struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        var value: [UInt8]
    }

    package static func compact(_ source: some ByteSource) -> [UInt8]? {
        guard let header = source.bytes(at: 0, length: 8), ImageFormat.isClassicTIFF(header, at: 0) else { return nil }
        let bigEndian = header[0] == 0x4D
        guard let ifd0Offset = header.uint32(at: 4, bigEndian: bigEndian),
              let ifd0 = entries(source, at: ifd0Offset, bigEndian: bigEndian) else { return nil }
        var kept = ifd0.filter { $0.tag == orientationTag || $0.tag == dateTimeTag || cameraTags.contains($0.tag) }
        let gps = subIFD(ifd0, pointer: gpsPointerTag, source, bigEndian: bigEndian)
        let exif = subIFD(ifd0, pointer: exifPointerTag, source, bigEndian: bigEndian).filter { exifTags.contains($0.tag) }
        // IFD0, then the GPS IFD, then the Exif IFD, each followed by its values.
        let subIFDs = [(gpsPointerTag, gps), (exifPointerTag, exif)].filter { !$0.1.isEmpty }
        var offset = 8 + 2 + 12 * (kept.count + subIFDs.count) + 4 + valueBytes(kept)
        for (tag, entries) in subIFDs {
            kept.append(Entry(tag: tag, type: 4, count: 1, value: bytes(offset, bigEndian: bigEndian, size: 4)))
            offset += 2 + 12 * entries.count + 4 + valueBytes(entries)
        }
        var out = Array(header[0..<4]) + bytes(8, bigEndian: bigEndian, size: 4)
        out += ifd(kept, at: 8, bigEndian: bigEndian)
        for (_, entries) in subIFDs { out += ifd(entries, at: out.count, bigEndian: bigEndian) }
        return out
    }

    /// The entries of the IFD that IFD0's `pointer` tag points to; none when there is no
    /// such pointer or it points outside the file.
    private static func subIFD(_ ifd0: [Entry], pointer tag: Int, _ source: some ByteSource, bigEndian: Bool) -> [Entry] {
        guard let pointer = ifd0.first(where: { $0.tag == tag }), pointer.count == 1,
              pointer.type == 4 || pointer.type == 13,  // LONG or IFD
              let offset = pointer.value.uint32(at: 0, bigEndian: bigEndian) else { return [] }
        return entries(source, at: offset, bigEndian: bigEndian) ?? []
    }

    /// The entries of the IFD at `offset`, with their values read in; nil when the IFD
    /// itself is not in the file.
    private static func entries(_ source: some ByteSource, at offset: Int, bigEndian: Bool) -> [Entry]? {
        guard let count = source.uint16(at: offset, bigEndian: bigEndian), count <= maxEntries,
              let table = source.bytes(at: offset + 2, length: 12 * count) else { return nil }
        var total = 0
        return (0..<count).compactMap { index -> Entry? in
            let at = index * 12
            guard let tag = table.uint16(at: at, bigEndian: bigEndian), let type = table.uint16(at: at + 2, bigEndian: bigEndian),
                  let components = table.uint32(at: at + 4, bigEndian: bigEndian) else { return nil }
            let inline = Array(table[(at + 8)..<(at + 12)])
            // Unknown types (BigTIFF's among them) keep their four bytes as they are: libexif refuses them.
            guard !TIFFFieldType.bigTIFFOnly.contains(type), let unit = TIFFFieldType.size(type) else {
                return Entry(tag: tag, type: type, count: components, value: inline)
            }
            let size = unit * components  // at most 8 × (2³² − 1): no overflow on 64 bits
            if size <= 4 { return Entry(tag: tag, type: type, count: components, value: inline) }
            guard size <= ExifBlockFinder.maxBlockBytes - total,
                  let valueOffset = inline.uint32(at: 0, bigEndian: bigEndian),
                  let value = source.bytes(at: valueOffset, length: size) else { return nil }
            total += size
            return Entry(tag: tag, type: type, count: components, value: value)
        }
    }

    private static func valueBytes(_ entries: [Entry]) -> Int {
        entries.reduce(0) { $0 + ($1.value.count > 4 ? $1.value.count + $1.value.count % 2 : 0) }
    }

    /// An IFD written at `offset`, followed by its out-of-line values.
    private static func ifd(_ entries: [Entry], at offset: Int, bigEndian: Bool) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var table = bytes(sorted.count, bigEndian: bigEndian, size: 2)
        var values: [UInt8] = []
        let valuesStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            table += bytes(entry.tag, bigEndian: bigEndian, size: 2) + bytes(entry.type, bigEndian: bigEndian, size: 2)
                + bytes(entry.count, bigEndian: bigEndian, size: 4)
            if entry.value.count <= 4 {
                table += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                table += bytes(valuesStart + values.count, bigEndian: bigEndian, size: 4)
                values += entry.value
                if values.count % 2 == 1 { values.append(0) }  // word alignment
            }
        }
        return table + bytes(0, bigEndian: bigEndian, size: 4) + values  // no next IFD
    }

    private static func bytes(_ value: Int, bigEndian: Bool, size: Int) -> [UInt8] {
        let littleEndian = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return bigEndian ? littleEndian.reversed() : littleEndian
    }
}
