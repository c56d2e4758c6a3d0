import Foundation

/// A photo's EXIF block: the TIFF structure (byte-order mark, IFD0 and the IFDs it
/// points to) that every format wraps in its own way.
package struct ExifBlock: Equatable, Sendable {
    package enum Container: String, Sendable {
        case jpeg, png, webp, heif, tiff
    }

    package var container: Container
    /// Starts with "II*\0" or "MM\0*".
    package var tiff: [UInt8]
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
package enum ExifBlockFinder {
    /// JPEG caps EXIF at 64 KB; other containers have no cap, so this one keeps a
    /// hostile file from making the reader allocate much.
    package static let maxBlockBytes = 1 << 20
    /// Chunks, segments or boxes visited in one walk before giving up. PNG writers may
    /// put `eXIf` after thousands of IDAT chunks, so this is generous; each step is
    /// one small read.
    package static let maxSteps = 100_000

    package static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    package static func find(path: String) -> ExifBlock? {
        ImageBytes.withFile(at: path) { find(in: $0) }
    }

    /// Any bytes: a file's (`ImageBytes`), or a whole file in an array (tests, the fuzzer).
    package static func find(in source: some ByteSource) -> ExifBlock? {
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

    /// The container, from the file's signature (`ImageFormat.sniff`). Stricter than import
    /// for PNG (all 8 bytes of its signature) and TIFF (classic only: BigTIFF has no EXIF
    /// block to give libexif); looser for ISO base media files, whose `meta` box is walked
    /// whatever their brand. The order of the tests is the walkers' own: a file that could
    /// pass for two containers is walked as the first.
    package static func container(of source: some ByteSource) -> ExifBlock.Container? {
        guard source.count >= 4 else { return nil }
        let format = ImageFormat.sniff(source)
        if format == .jpeg { return .jpeg }
        if format == .png, source.matches(ImageFormat.pngSignature, at: 0) { return .png }
        if format == .webp { return .webp }
        if ImageFormat.isISOBaseMedia(source) { return .heif }
        if format == .tiff, ImageFormat.isClassicTIFF(source, at: 0) { return .tiff }
        return nil
    }

    /// The TIFF structure in a block some writer may have prefixed with "Exif\0\0"
    /// (the JPEG convention, wrongly carried into PNG and WebP chunks); nil when
    /// neither form is there.
    package static func tiffStructure(_ block: [UInt8]) -> [UInt8]? {
        let start = block.matches(exifHeader, at: 0) ? exifHeader.count : 0
        guard ImageFormat.isClassicTIFF(block, at: start) else { return nil }
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
            guard let length = source.uint16(at: offset + 2, bigEndian: true), length >= 2 else { return nil }
            if marker[1] == 0xE1, length >= 2 + exifHeader.count, source.matches(exifHeader, at: offset + 4) {
                guard let payload = source.bytes(at: offset + 4, length: length - 2) else { return nil }
                return tiffStructure(payload)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The `EXIF` chunk of a RIFF WebP (extended format).
    private static func webp(_ source: some ByteSource) -> [UInt8]? {
        guard source.contains(0, length: 12), let riffSize = source.uint32(at: 4, bigEndian: false) else { return nil }
        let end = min(source.count, 8 + riffSize)
        var offset = 12
        for _ in 0..<maxSteps {
            guard offset <= end - 8, let type = source.fourCC(at: offset),
                  let size = source.uint32(at: offset + 4, bigEndian: false) else { return nil }
            if type == "EXIF" {
                guard size <= maxBlockBytes, let block = source.bytes(at: offset + 8, length: size) else { return nil }
                return tiffStructure(block)
            }
            offset += 8 + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}
