import Foundation

/// A photo's EXIF block: the TIFF structure (byte-order mark, IFD0 and the IFDs it
/// points to) that every format wraps in its own way.
struct ExifBlock: Equatable, Sendable {
    enum Container: String, Sendable {
        case jpeg, png, webp, heif, tiff
    }

    var container: Container
    /// Starts with "II*\0" or "MM\0*".
    var tiff: [UInt8]
}

/// Finds the EXIF block in a JPEG (APP1 "Exif" segment), PNG (`eXIf` chunk, or an
/// ImageMagick "Raw profile type exif" text chunk), WebP (`EXIF` chunk), HEIF/HEIC/AVIF
/// (the `Exif` item of the `meta` box) or TIFF (the file is itself a TIFF structure),
/// for libexif to parse.
///
/// The input is untrusted and will be fuzzed: every length is checked against the
/// bytes that are there, every walk has a step limit, and no block over
/// `maxBlockBytes` is read. A container too damaged to walk has no EXIF as far as
/// this is concerned; reporting the damage is the decoder's and the completeness
/// check's job.
enum ExifBlockFinder {
    /// JPEG caps EXIF at 64 KB; other containers have no cap, so this one keeps a
    /// hostile file from making the reader allocate much.
    static let maxBlockBytes = 1 << 20
    /// Chunks, segments or boxes visited in one walk before giving up. PNG writers may
    /// put `eXIf` after thousands of IDAT chunks, so this is generous; each step is
    /// one small read.
    static let maxSteps = 100_000

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    static func find(path: String) -> ExifBlock? {
        FileBytes.withFile(at: path) { find(in: $0) }
    }

    static func find(in bytes: [UInt8]) -> ExifBlock? {
        find(in: MemoryBytes(bytes))
    }

    static func find(in source: some ByteSource) -> ExifBlock? {
        guard let container = container(of: source) else { return nil }
        let tiff: [UInt8]?
        switch container {
        case .jpeg: tiff = jpeg(source)
        case .png: tiff = PNGExif.find(in: source)
        case .webp: tiff = webp(source)
        case .heif: tiff = HEIFExif.find(in: source)
        case .tiff: tiff = TIFFExifCompactor.compact(source)
        }
        return tiff.map { ExifBlock(container: container, tiff: $0) }
    }

    /// The container, from the file's signature.
    static func container(of source: some ByteSource) -> ExifBlock.Container? {
        guard let head = source.bytes(at: 0, length: min(source.count, 12)), head.count >= 4 else { return nil }
        if head.has([0xFF, 0xD8, 0xFF], at: 0) { return .jpeg }
        if head.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { return .png }
        if head.has(Array("RIFF".utf8), at: 0), head.has(Array("WEBP".utf8), at: 8) { return .webp }
        if head.has(Array("ftyp".utf8), at: 4) { return .heif }
        if isTIFFHeader(head, at: 0) { return .tiff }
        return nil
    }

    static func isTIFFHeader(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.has([0x49, 0x49, 0x2A, 0x00], at: offset) || bytes.has([0x4D, 0x4D, 0x00, 0x2A], at: offset)
    }

    /// The TIFF structure in a block some writer may have prefixed with "Exif\0\0"
    /// (the JPEG convention, wrongly carried into PNG and WebP chunks); nil when
    /// neither form is there.
    static func tiffStructure(_ block: [UInt8]) -> [UInt8]? {
        let start = block.has(exifHeader, at: 0) ? exifHeader.count : 0
        guard isTIFFHeader(block, at: start) else { return nil }
        return Array(block[start...])
    }

    /// The first APP1 segment that starts with "Exif\0\0", before the first scan.
    private static func jpeg(_ source: some ByteSource) -> [UInt8]? {
        var offset = 2
        for _ in 0..<maxSteps {
            guard let marker = source.bytes(at: offset, length: 2), marker[0] == 0xFF else { return nil }
            switch marker[1] {
            case 0xFF:
                offset += 1  // fill byte
                continue
            case 0xDA, 0xD9:
                return nil  // start of scan or end of image: no EXIF comes later
            case 0x01, 0xD0...0xD8:
                offset += 2  // markers without a length
                continue
            default:
                break
            }
            guard let lengthBytes = source.bytes(at: offset + 2, length: 2),
                  let length = lengthBytes.uint16(at: 0, bigEndian: true), length >= 2 else { return nil }
            if marker[1] == 0xE1, length >= 2 + exifHeader.count,
               let header = source.bytes(at: offset + 4, length: exifHeader.count), header == exifHeader {
                guard let payload = source.bytes(at: offset + 4, length: length - 2) else { return nil }
                return tiffStructure(payload)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The `EXIF` chunk of a RIFF WebP (extended format).
    private static func webp(_ source: some ByteSource) -> [UInt8]? {
        guard let header = source.bytes(at: 0, length: 12), let riffSize = header.uint32(at: 4, bigEndian: false) else { return nil }
        let end = min(source.count, 8 + riffSize)
        var offset = 12
        for _ in 0..<maxSteps {
            guard offset <= end - 8, let chunk = source.bytes(at: offset, length: 8),
                  let type = chunk.fourCC(at: 0), let size = chunk.uint32(at: 4, bigEndian: false) else { return nil }
            if type == "EXIF" {
                guard size <= maxBlockBytes, let block = source.bytes(at: offset + 8, length: size) else { return nil }
                return tiffStructure(block)
            }
            offset += 8 + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}
