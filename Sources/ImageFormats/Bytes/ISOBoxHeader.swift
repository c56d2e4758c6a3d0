/// The header of a box in an ISO base media file (HEIF, AVIF; ISO/IEC 14496-12, 4.2): a
/// 32-bit big-endian size and a four-letter type, then a 64-bit size when the first is 1.
/// Read alike by the EXIF walker and the completeness check; each judges the size its own way.
package struct ISOBoxHeader {
    package var type: String
    /// 8, or 16 when a 64-bit size follows the type.
    package var headerSize: Int
    /// The whole box's size as declared, header included; nil for size 0, which means the
    /// box runs to the end of what holds it (its parent box, or the file).
    package var size: UInt64?

    /// The header at `offset`, or nil when it is cut short.
    package init?(in bytes: some ByteSource, at offset: Int) {
        guard let size32 = bytes.uint32(at: offset, bigEndian: true), let type = bytes.fourCC(at: offset &+ 4) else { return nil }
        self.type = type
        switch size32 {
        case 0:
            headerSize = 8
            size = nil
        case 1:
            guard let size64 = bytes.uint64(at: offset &+ 8, bigEndian: true) else { return nil }
            headerSize = 16
            size = size64
        default:
            headerSize = 8
            size = UInt64(size32)
        }
    }
}
