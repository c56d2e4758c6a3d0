/// Unsigned integers as the formats store them, for every reader of image bytes: nil when
/// any of their bytes is past the end.
///
/// Offsets come from the file and may be as large as Int.max: adding to them wraps (to a
/// negative offset, which reads as nil) instead of trapping.
extension ByteSource {
    package func uint16(at offset: Int, bigEndian: Bool) -> Int? {
        guard let a = byte(at: offset), let b = byte(at: offset &+ 1) else { return nil }
        return bigEndian ? Int(a) << 8 | Int(b) : Int(b) << 8 | Int(a)
    }

    package func uint32(at offset: Int, bigEndian: Bool) -> Int? {
        guard let first = uint16(at: offset, bigEndian: bigEndian),
              let second = uint16(at: offset &+ 2, bigEndian: bigEndian) else { return nil }
        return bigEndian ? first << 16 | second : second << 16 | first
    }

    /// A UInt64, since BigTIFF offsets and ISO box sizes may not fit an Int.
    package func uint64(at offset: Int, bigEndian: Bool) -> UInt64? {
        guard let first = uint32(at: offset, bigEndian: bigEndian),
              let second = uint32(at: offset &+ 4, bigEndian: bigEndian) else { return nil }
        return bigEndian ? UInt64(first) << 32 | UInt64(second) : UInt64(second) << 32 | UInt64(first)
    }

    /// A big-endian unsigned field of 0 to 8 bytes (ISO boxes such as `iloc` declare the
    /// sizes of their own fields); nil for another size or a value that does not fit an Int.
    package func uint(at offset: Int, size: Int) -> Int? {
        guard (0...8).contains(size) else { return nil }
        var value: UInt64 = 0
        for index in 0..<size {
            guard let byte = byte(at: offset &+ index) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        return Int(exactly: value)
    }
}
