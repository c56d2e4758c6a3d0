/// How a JPEG is turned without decoding it: its EXIF orientation tag is rewritten (or an
/// EXIF block holding only that tag is added), and every other byte stays as it was. What a
/// photo Drover turned leaves as (`AsSeenWriter`): a lossless copy that browsers, file
/// managers and editors show turned, because they all apply the EXIF orientation.
///
/// Runs in the confined decode child: the header it reads is untrusted, and every offset is
/// checked against the bytes read before it is used.
package struct JPEGOrientationEdit: Equatable, Sendable {
    /// Where in the file the edit is made.
    package var offset: Int
    /// How many bytes of the file it replaces there (2 for a rewritten tag, 0 for an added
    /// EXIF block).
    package var removing: Int
    /// What it writes there.
    package var inserting: [UInt8]
    /// The orientation (1–8) the copy says.
    package var orientation: Int

    /// The edit that turns the JPEG whose first bytes are `prefix` by `quarterTurns` more
    /// clockwise, or nil when there is no lossless way: not a JPEG, the header does not end
    /// within `prefix`, or an EXIF block whose first directory has no orientation to rewrite
    /// (adding a tag to it would move every offset after it; such a photo leaves decoded).
    package static func turning(prefix: [UInt8], by quarterTurns: Int) -> JPEGOrientationEdit? {
        guard prefix.count >= 4, prefix[0] == 0xFF, prefix[1] == 0xD8 else { return nil }
        var position = 2
        var afterJFIF: Int?
        while position + 1 < prefix.count {
            guard prefix[position] == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may come before a marker's code.
            var code = position + 1
            while code < prefix.count, prefix[code] == 0xFF { code += 1 }
            guard code < prefix.count else { return nil }
            let marker = prefix[code]
            // Start of scan or end of image: the header is over, with no EXIF block in it.
            if marker == 0xDA || marker == 0xD9 {
                return insertion(at: afterJFIF ?? 2, orientation: ExifOrientation.turned(1, by: quarterTurns))
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                position = code + 1
                continue
            }
            guard code + 2 < prefix.count else { return nil }
            let length = Int(prefix[code + 1]) << 8 | Int(prefix[code + 2])
            let dataStart = code + 3
            let end = code + 1 + length
            guard length >= 2, end <= prefix.count else { return nil }
            if marker == 0xE0, position == 2 { afterJFIF = end }
            if marker == 0xE1, prefix[dataStart..<end].starts(with: exifHeader) {
                return rewrite(prefix, tiffStart: dataStart + exifHeader.count, end: end, by: quarterTurns)
            }
            position = end
        }
        return nil
    }

    /// "Exif" and two NULs: what an APP1 segment holding EXIF starts with.
    static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// The orientation entry of IFD0 in the TIFF structure at `tiffStart..<end`, rewritten.
    private static func rewrite(_ bytes: [UInt8], tiffStart: Int, end: Int, by quarterTurns: Int) -> JPEGOrientationEdit? {
        guard end - tiffStart >= 8 else { return nil }
        let bigEndian: Bool
        switch (bytes[tiffStart], bytes[tiffStart + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func number(_ at: Int, _ size: Int) -> Int? {
            guard at >= tiffStart, at + size <= end else { return nil }
            let slice = bytes[at..<(at + size)]
            return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(tiffStart + 2, 2) == 42, let ifdOffset = number(tiffStart + 4, 4),
              let count = number(tiffStart + ifdOffset, 2) else { return nil }
        for index in 0..<count {
            let entry = tiffStart + ifdOffset + 2 + 12 * index
            guard let tag = number(entry, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT, one value, stored in the first two bytes of the value field.
            guard number(entry + 2, 2) == 3, number(entry + 4, 4) == 1, let stored = number(entry + 8, 2) else { return nil }
            let orientation = ExifOrientation.turned((1...8).contains(stored) ? stored : 1, by: quarterTurns)
            let value: [UInt8] = bigEndian ? [0, UInt8(orientation)] : [UInt8(orientation), 0]
            return JPEGOrientationEdit(offset: entry + 8, removing: 2, inserting: value, orientation: orientation)
        }
        return nil
    }

    /// An APP1 segment holding a big-endian TIFF structure whose IFD0 is the one entry
    /// Orientation = `orientation` (34 bytes), to be added at `offset`.
    private static func insertion(at offset: Int, orientation: Int) -> JPEGOrientationEdit {
        let segment: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + exifHeader
            + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]          // "MM", 42, IFD0 at 8
            + [0x00, 0x01]                                                // one entry
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation), 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]                                    // no next IFD
        return JPEGOrientationEdit(offset: offset, removing: 0, inserting: segment, orientation: orientation)
    }
}

/// EXIF orientations (1–8) as what they ask a viewer to do to the stored pixels: flip them
/// left to right or not, then turn them 0–3 quarter turns clockwise.
package enum ExifOrientation {
    /// (quarter turns clockwise, flipped) for orientations 1 to 8.
    private static let operations: [(turns: Int, flipped: Bool)] = [
        (0, false), (0, true), (2, false), (2, true), (3, true), (1, false), (1, true), (3, false),
    ]

    /// The orientation that shows the pixels as `orientation` does, then turned
    /// `quarterTurns` more clockwise.
    package static func turned(_ orientation: Int, by quarterTurns: Int) -> Int {
        let now = operations[(1...8).contains(orientation) ? orientation - 1 : 0]
        let turns = ((now.turns + quarterTurns) % 4 + 4) % 4
        return operations.firstIndex { $0.turns == turns && $0.flipped == now.flipped }! + 1
    }
}
