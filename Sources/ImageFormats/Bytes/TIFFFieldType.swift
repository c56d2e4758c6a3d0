/// TIFF's field types, as the EXIF compactor and the completeness check size them.
package enum TIFFFieldType {
    /// Bytes per value of a type: BYTE, ASCII, SBYTE, UNDEFINED (1); SHORT, SSHORT (2); LONG,
    /// SLONG, FLOAT, IFD (4); RATIONAL, SRATIONAL, DOUBLE and BigTIFF's LONG8, SLONG8, IFD8 (8).
    /// Nil for a type from a later spec.
    package static func size(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: nil
        }
    }

    /// The types only BigTIFF has: classic TIFF, and so EXIF, does not know them.
    package static let bigTIFFOnly = 16...18
}
