/// WebP: the RIFF header's size must fit in the file, and the chunks inside it (each a
/// four-letter type, a little-endian size and data padded to an even length) must fill it.
package enum WebPStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        guard let riffSize = bytes.uint32(at: 4, bigEndian: false) else { return .incomplete(reason: "the WebP ends inside its header") }
        // The RIFF size counts from byte 8 (the form type "WEBP" onwards).
        guard riffSize >= 4, bytes.contains(8, length: riffSize) else {
            return .incomplete(reason: "the WebP is shorter than its RIFF header says")
        }
        let end = 8 + riffSize
        var offset = 12
        var hasImage = false
        while offset < end {
            guard offset + 8 <= end, let typeBytes = bytes.bytes(at: offset, length: 4),
                  let size = bytes.uint32(at: offset + 4, bigEndian: false) else {
                return .incomplete(reason: "the WebP ends inside a chunk header")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let padded = size + size % 2
            // The last chunk's padding byte may be missing: writers differ.
            guard offset + 8 + size <= end else { return .incomplete(reason: "the WebP is cut short inside its \(type) chunk") }
            if ["VP8 ", "VP8L", "ANMF"].contains(type) { hasImage = true }
            offset += 8 + padded
        }
        return hasImage ? .complete : .incomplete(reason: "the WebP has no image data")
    }
}
