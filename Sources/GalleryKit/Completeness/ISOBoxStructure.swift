/// HEIF and AVIF: the top-level boxes of the ISO base media file (ftyp, meta, mdat…),
/// each with a 32-bit size, a 64-bit size, or "to the end of the file", must fit in the
/// file, and a meta box (which says where the image's items are) must be among them.
/// This catches a file cut inside any box, the usual case since mdat comes last. Where
/// each item's data lies inside mdat (the iloc box) is left to libheif, which refuses an
/// extent past the end of the file.
enum ISOBoxStructure {
    static func check(_ bytes: ImageBytes) -> Completeness {
        var offset = 0
        var types: Set<String> = []
        while offset < bytes.count {
            guard let size32 = bytes.uint32(at: offset, bigEndian: true), let typeBytes = bytes.bytes(at: offset + 4, count: 4) else {
                return .incomplete(reason: "the file ends inside a box header")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let size: Int
            switch size32 {
            case 0:
                size = bytes.count - offset  // The last box runs to the end of the file.
            case 1:
                guard let size64 = bytes.uint64(at: offset + 8, bigEndian: true) else {
                    return .incomplete(reason: "the file ends inside a box header")
                }
                guard size64 >= 16, size64 <= UInt64(Int.max) else { return .incomplete(reason: "the \(type) box has an impossible size") }
                size = Int(size64)
            default:
                guard size32 >= 8 else { return .incomplete(reason: "the \(type) box has an impossible size") }
                size = size32
            }
            guard bytes.contains(offset: offset, length: size) else {
                return .incomplete(reason: "the file is cut short inside its \(type) box")
            }
            types.insert(type)
            offset += size
        }
        guard types.contains("meta") else { return .incomplete(reason: "the file has no meta box describing its image") }
        return .complete
    }
}
