/// Random access to an image's bytes, so a format can be walked (seeking from chunk to
/// chunk, box to box) without reading the whole file. The EXIF walkers and the
/// completeness checks read through this one protocol, from the two places bytes come
/// from: a file or a caller's buffer (`ImageBytes`), and a piece already read into an array
/// (a HEIF `meta` box, an EXIF block, a test's fixture).
///
/// The bytes are untrusted: every accessor is nil past the end, so a walker never reads out
/// of bounds whatever offset a hostile file gives it.
package protocol ByteSource {
    /// The total number of bytes.
    var count: Int { get }
    /// The byte at `offset`, or nil outside the bytes.
    func byte(at offset: Int) -> UInt8?
    /// `length` bytes from `offset`, or nil unless all of them are there.
    func bytes(at offset: Int, length: Int) -> [UInt8]?
}

extension ByteSource {
    /// Whether `offset ..< offset + length` lies inside the bytes, without overflowing.
    package func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    /// Whether the bytes at `offset` are `expected`.
    package func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        bytes(at: offset, length: expected.count) == expected
    }

    package func matches(_ ascii: String, at offset: Int) -> Bool { matches(Array(ascii.utf8), at: offset) }

    /// The four bytes at `offset` as text: a PNG chunk's, a RIFF chunk's or an ISO box's type.
    package func fourCC(at offset: Int) -> String? {
        bytes(at: offset, length: 4).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Bytes already in memory.
extension Array: ByteSource where Element == UInt8 {
    package func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < count ? self[offset] : nil
    }

    package func bytes(at offset: Int, length: Int) -> [UInt8]? {
        guard contains(offset, length: length) else { return nil }
        return Array(self[offset..<offset + length])
    }
}
