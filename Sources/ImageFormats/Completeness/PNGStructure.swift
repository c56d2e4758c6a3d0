/// PNG: chunk by chunk (length, type, data, CRC) from the signature to the IEND chunk.
/// Walking by length means an "IEND" inside a text chunk's data is skipped like any other
/// data. CRCs are not verified here (the decoder does that for the chunks it uses); the
/// check is that each chunk's four CRC bytes are present.
package enum PNGStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        var offset = 8
        var isFirst = true
        while true {
            guard let length = bytes.uint32(at: offset, bigEndian: true),
                  let typeBytes = bytes.bytes(at: offset + 4, length: 4) else {
                return .incomplete(reason: "the PNG ends before its IEND chunk")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            // The format caps a chunk's length at 2^31 - 1.
            guard length <= Int(Int32.max) else { return .incomplete(reason: "a PNG chunk (\(type)) has an impossible length") }
            guard !isFirst || type == "IHDR" else { return .incomplete(reason: "the PNG does not start with its IHDR chunk") }
            guard bytes.contains(offset, length: 12 + length) else {
                return .incomplete(reason: "the PNG is cut short inside its \(type) chunk")
            }
            if type == "IEND" { return .complete }
            offset += 12 + length
            isFirst = false
        }
    }
}
