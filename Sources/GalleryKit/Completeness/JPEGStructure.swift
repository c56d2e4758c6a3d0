/// JPEG: segment by segment (each skipped by its length, so an EXIF thumbnail's own end
/// marker inside APP1 is never mistaken for the image's) to the first scan, then the
/// end-of-image marker FF D9 after it. Scan data cannot hold FF D9: it stuffs every FF
/// data byte as FF 00, and the markers between progressive scans are not D9.
enum JPEGStructure {
    static func check(_ bytes: ImageBytes) -> Completeness {
        var offset = 2
        while true {
            guard let prefix = bytes.byte(at: offset), let marker = bytes.byte(at: offset + 1) else {
                return .incomplete(reason: "the JPEG ends before its image data")
            }
            guard prefix == 0xFF else { return .incomplete(reason: "the JPEG's segments are broken at byte \(offset)") }
            switch marker {
            case 0xFF:
                offset += 1  // Fill byte before a marker.
            case 0xD9:
                return .incomplete(reason: "the JPEG ends before its image data")
            case 0xDA:
                return bytes.firstIndex(of: [0xFF, 0xD9], from: offset + 2) == nil
                    ? .incomplete(reason: "the JPEG ends before its end-of-image marker") : .complete
            case 0x01, 0xD0...0xD7:
                offset += 2  // Markers without a length.
            default:
                guard let length = bytes.uint16(at: offset + 2, bigEndian: true), length >= 2 else {
                    return .incomplete(reason: "the JPEG ends inside a segment header")
                }
                offset += 2 + length
            }
        }
    }
}
