/// GIF: the header and screen descriptor, then block by block (extensions and images,
/// each a chain of length-prefixed sub-blocks) to the trailer byte 0x3B.
package enum GIFStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        let cut = Completeness.incomplete(reason: "the GIF ends before its trailer")
        guard let screenFlags = bytes.byte(at: 10) else { return cut }
        var offset = 13 + colorTableSize(screenFlags)
        var images = 0
        while true {
            guard let introducer = bytes.byte(at: offset) else { return cut }
            switch introducer {
            case 0x3B:
                return images > 0 ? .complete : .incomplete(reason: "the GIF has no image in it")
            case 0x21:  // Extension: a label byte, then sub-blocks.
                guard let end = skipSubBlocks(bytes, from: offset + 2) else { return cut }
                offset = end
            case 0x2C:  // Image: a 9-byte descriptor, a local colour table, the LZW code size, sub-blocks.
                guard let imageFlags = bytes.byte(at: offset + 9) else { return cut }
                guard let end = skipSubBlocks(bytes, from: offset + 10 + colorTableSize(imageFlags) + 1) else { return cut }
                offset = end
                images += 1
            default:
                return .incomplete(reason: "the GIF's blocks are broken at byte \(offset)")
            }
        }
    }

    /// A colour table follows when the top bit is set: 3 bytes × 2^(n+1) entries.
    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after a chain of sub-blocks (each a length byte and that many bytes,
    /// ended by a zero length), or nil if the chain runs past the end.
    private static func skipSubBlocks(_ bytes: ImageBytes, from start: Int) -> Int? {
        var offset = start
        while let length = bytes.byte(at: offset) {
            if length == 0 { return offset + 1 }
            offset += 1 + Int(length)
        }
        return nil
    }
}
