import Foundation

/// EXIF in a HEIF file (HEIC, AVIF: ISO/IEC 23008-12): an item of type `Exif`, listed in
/// the `meta` box's `iinf`, stored where its `iloc` entry says (file offsets, or inside
/// the `meta` box's own `idat`), and made of a 4-byte offset to the TIFF header, then
/// the block.
///
/// Exiv2 0.27 (Debian 12) cannot do this for files libheif wrote: it guesses `iloc`'s
/// layout from entry lengths and drops entries with a base offset (see DecoderKit's LoadedExif).
package enum HEIFExif {
    /// iPhone `meta` boxes are a few kilobytes (tens for large grid images).
    package static let maxMetaBytes = 4 << 20

    package static func find(in source: some ByteSource) -> [UInt8]? {
        var offset = 0
        for _ in 0..<ExifBlockFinder.maxSteps {
            guard let head = source.bytes(at: offset, length: min(16, source.count - offset)),
                  let box = Box(in: head, at: 0, end: source.count - offset) else { return nil }
            if box.type == "meta" {
                guard box.end - box.contentStart <= maxMetaBytes,
                      let meta = source.bytes(at: offset + box.contentStart, length: box.end - box.contentStart) else { return nil }
                return exif(meta: meta, source: source)
            }
            offset += box.end
        }
        return nil
    }

    /// One box's header: `end` and `contentStart` are relative to the buffer it was read from.
    package struct Box {
        var type: String
        var contentStart: Int
        var end: Int

        /// The box at `offset`, which must end by `end`.
        init?(in bytes: [UInt8], at offset: Int, end: Int) {
            guard let header = ISOBoxHeader(in: bytes, at: offset) else { return nil }
            let size: Int
            if let declared = header.size {
                guard let fits = Int(exactly: declared) else { return nil }
                size = fits
            } else {
                size = end - offset  // runs to the end
            }
            guard size >= header.headerSize, size <= end - offset else { return nil }
            type = header.type
            contentStart = offset + header.headerSize
            self.end = offset + size
        }
    }

    /// The boxes in `bytes[range]`, in order.
    package static func children(of bytes: [UInt8], in range: Range<Int>) -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset < range.upperBound, boxes.count < ExifBlockFinder.maxSteps,
              let box = Box(in: bytes, at: offset, end: range.upperBound) {
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }

    package struct Location {
        var constructionMethod: Int
        var dataReference: Int
        var baseOffset: Int
        var extents: [(offset: Int, length: Int)]
    }

    /// The first `Exif` item's block. `meta` is the box's content (a full box: version and flags first).
    private static func exif(meta: [UInt8], source: some ByteSource) -> [UInt8]? {
        guard meta.count >= 4 else { return nil }
        var exifItems: [Int] = []
        var locations: [Int: Location] = [:]
        var idat: Range<Int>?
        for box in children(of: meta, in: 4..<meta.count) {
            let content = Array(meta[box.contentStart..<box.end])
            switch box.type {
            case "iinf": exifItems = exifItemIDs(content)
            case "iloc": locations = itemLocations(content) ?? [:]
            case "idat": idat = box.contentStart..<box.end
            default: break
            }
        }
        for id in exifItems {
            guard let location = locations[id], let payload = read(location, meta: meta, idat: idat, source: source) else { continue }
            // The payload starts with the offset from its end to the TIFF header (6 when
            // "Exif\0\0" comes first). Some writers get it wrong: fall back to looking.
            if let skip = payload.uint32(at: 0, bigEndian: true), skip <= payload.count - 4,
               ImageFormat.isClassicTIFF(payload, at: 4 + skip) {
                return Array(payload[(4 + skip)...])
            }
            if payload.count > 4, let block = ExifBlockFinder.tiffStructure(Array(payload[4...])) { return block }
        }
        return nil
    }

    /// IDs of the `Exif` items in an `iinf` box.
    private static func exifItemIDs(_ iinf: [UInt8]) -> [Int] {
        guard let version = iinf.first else { return [] }
        let entriesStart = 4 + (version == 0 ? 2 : 4)
        guard entriesStart <= iinf.count else { return [] }
        return children(of: iinf, in: entriesStart..<iinf.count).compactMap { box -> Int? in
            // infe version 2 has a 16-bit item ID, version 3 a 32-bit one; older versions have no item type.
            guard box.type == "infe", box.contentStart < box.end else { return nil }
            let version = iinf[box.contentStart]
            guard version == 2 || version == 3 else { return nil }
            let idSize = version == 2 ? 2 : 4
            let idAt = box.contentStart + 4
            guard idAt + idSize + 2 + 4 <= box.end,
                  let id = version == 2 ? iinf.uint16(at: idAt, bigEndian: true) : iinf.uint32(at: idAt, bigEndian: true),
                  iinf.fourCC(at: idAt + idSize + 2) == "Exif" else { return nil }
            return id
        }
    }

    /// Every item's location from an `iloc` box (versions 0–2), or nil when it is malformed.
    package static func itemLocations(_ iloc: [UInt8]) -> [Int: Location]? {
        guard iloc.count >= 8 else { return nil }
        let version = Int(iloc[0])
        guard version <= 2 else { return nil }
        let offsetSize = Int(iloc[4] >> 4), lengthSize = Int(iloc[4] & 0xF)
        let baseOffsetSize = Int(iloc[5] >> 4), indexSize = version >= 1 ? Int(iloc[5] & 0xF) : 0
        var fields = FieldReader(iloc, from: 6, to: iloc.count)
        // The sizes this walker has always taken (the standard allows 0, 4 and 8).
        func next(_ size: Int) -> Int? { [0, 2, 4, 8].contains(size) ? fields.read(size) : nil }
        guard let itemCount = next(version < 2 ? 2 : 4) else { return nil }
        var locations: [Int: Location] = [:]
        var extentsSeen = 0
        for _ in 0..<min(itemCount, ExifBlockFinder.maxSteps) {
            guard let id = next(version < 2 ? 2 : 4) else { return nil }
            var construction = 0
            if version >= 1 {
                guard let field = next(2) else { return nil }
                construction = field & 0xF
            }
            guard let reference = next(2), let base = next(baseOffsetSize), let extentCount = next(2) else { return nil }
            extentsSeen += extentCount
            guard extentsSeen <= ExifBlockFinder.maxSteps else { return nil }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                if indexSize > 0 { guard next(indexSize) != nil else { return nil } }
                guard let offset = next(offsetSize), let length = next(lengthSize) else { return nil }
                extents.append((offset, length))
            }
            locations[id] = Location(constructionMethod: construction, dataReference: reference,
                                     baseOffset: base, extents: extents)
        }
        return locations
    }

    /// The item's bytes, joined from its extents, or nil when they are not all there or too many.
    private static func read(_ location: Location, meta: [UInt8], idat: Range<Int>?, source: some ByteSource) -> [UInt8]? {
        // Data in another file (a data reference) and item-relative construction are not followed.
        guard location.dataReference == 0, !location.extents.isEmpty else { return nil }
        let limit = ExifBlockFinder.maxBlockBytes + 4
        var bytes: [UInt8] = []
        for extent in location.extents {
            // Length 0 means "to the end": no EXIF item needs that.
            let (start, overflow) = location.baseOffset.addingReportingOverflow(extent.offset)
            guard !overflow, extent.length > 0, extent.length <= limit - bytes.count else { return nil }
            switch location.constructionMethod {
            case 0:
                guard let part = source.bytes(at: start, length: extent.length) else { return nil }
                bytes += part
            case 1:
                guard let idat, start <= idat.count, extent.length <= idat.count - start else { return nil }
                bytes += meta[(idat.lowerBound + start)..<(idat.lowerBound + start + extent.length)]
            default:
                return nil
            }
        }
        return bytes
    }
}
