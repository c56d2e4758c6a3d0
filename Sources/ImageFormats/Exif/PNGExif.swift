import CZlib
import Foundation

/// EXIF in a PNG: the `eXIf` chunk (PNG 1.5 and later; ImageMagick and exiftool write
/// it, sometimes after the image data), or, from older ImageMagick, a text chunk named
/// "Raw profile type exif" (or "APP1") holding the block as hexadecimal, usually
/// zlib-compressed (`zTXt`). `eXIf` wins when both are there.
package enum PNGExif {
    package static let rawProfileKeywords = ["Raw profile type exif", "Raw profile type APP1"]
    /// The hexadecimal text of a 1 MB block, with its line breaks and header.
    package static let maxProfileText = ExifBlockFinder.maxBlockBytes * 2 + ExifBlockFinder.maxBlockBytes / 30 + 256

    package static func find(in source: some ByteSource) -> [UInt8]? {
        var offset = ImageFormat.pngSignature.count
        var fromProfile: [UInt8]?
        for _ in 0..<ExifBlockFinder.maxSteps {
            guard let length = source.uint32(at: offset, bigEndian: true), let type = source.fourCC(at: offset + 4),
                  length < 0x8000_0000 else { break }
            let data = offset + 8
            switch type {
            case "eXIf":
                guard length <= ExifBlockFinder.maxBlockBytes, let block = source.bytes(at: data, length: length) else { return fromProfile }
                return ExifBlockFinder.tiffStructure(block) ?? fromProfile
            case "tEXt", "zTXt", "iTXt":
                if fromProfile == nil { fromProfile = rawProfile(in: source, type: type, at: data, length: length) }
            case "IEND":
                return fromProfile
            default:
                break
            }
            offset = data + length + 4  // and the CRC
        }
        return fromProfile
    }

    /// The block in a raw-profile text chunk, if the chunk is one.
    private static func rawProfile(in source: some ByteSource, type: String, at offset: Int, length: Int) -> [UInt8]? {
        // Look at the keyword before reading what may be a long text.
        guard let head = source.bytes(at: offset, length: min(length, 80)),
              let nul = head.firstIndex(of: 0),
              rawProfileKeywords.contains(String(decoding: head[..<nul], as: UTF8.self)),
              length <= maxProfileText,
              let chunk = source.bytes(at: offset, length: length) else { return nil }
        var rest = Array(chunk[(nul + 1)...])
        switch type {
        case "zTXt":
            guard rest.first == 0 else { return nil }  // compression method 0: zlib
            guard let text = inflate(Array(rest.dropFirst()), limit: maxProfileText) else { return nil }
            rest = text
        case "iTXt":
            // Compression flag and method, then a language tag and a translated keyword.
            guard rest.count >= 2 else { return nil }
            let compressed = rest[0] == 1
            var fields = rest.dropFirst(2)
            for _ in 0..<2 {
                guard let end = fields.firstIndex(of: 0) else { return nil }
                fields = fields[(end + 1)...]
            }
            if compressed {
                guard let text = inflate(Array(fields), limit: maxProfileText) else { return nil }
                rest = text
            } else {
                rest = Array(fields)
            }
        default:
            break
        }
        return decodeProfile(rest).flatMap(ExifBlockFinder.tiffStructure)
    }

    /// ImageMagick's raw profile text: "\n<name>\n<spaces><byte count>\n" then the bytes
    /// in hexadecimal, broken into lines.
    package static func decodeProfile(_ text: [UInt8]) -> [UInt8]? {
        var index = text.startIndex
        func skip(while condition: (UInt8) -> Bool) {
            while index < text.endIndex, condition(text[index]) { index += 1 }
        }
        let newline = UInt8(ascii: "\n")
        skip { $0 == newline }
        skip { $0 != newline }  // the profile's name
        skip { $0 == newline || $0 == UInt8(ascii: " ") }
        var count = 0
        let digitsStart = index
        while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
            count = count * 10 + Int(text[index] - UInt8(ascii: "0"))
            guard count <= ExifBlockFinder.maxBlockBytes else { return nil }
            index += 1
        }
        guard index > digitsStart, count > 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var high: UInt8?
        while bytes.count < count, index < text.endIndex {
            let character = text[index]
            index += 1
            if character == newline || character == UInt8(ascii: " ") || character == UInt8(ascii: "\r") { continue }
            guard let nibble = hexValue(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes.count == count ? bytes : nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Inflates a zlib stream with zlib; nil when it is broken, unfinished, or would grow
    /// past `limit` bytes (a zip bomb stops there).
    package static func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        guard !input.isEmpty else { return nil }
        var stream = z_stream()
        guard drover_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        return input.withUnsafeBytes { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress!)
            stream.avail_in = uInt(source.count)
            while true {
                let (result, written) = buffer.withUnsafeMutableBytes { target in
                    stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(target.count)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (result, target.count - Int(stream.avail_out))
                }
                output += buffer[0..<written]
                guard output.count <= limit else { return nil }
                switch result {
                case Z_STREAM_END: return output
                // Z_BUF_ERROR: no progress and not finished, the stream is cut short.
                case Z_OK: continue
                default: return nil
                }
            }
        }
    }
}
