/// JPEG: segment by segment (each skipped by its length, so an EXIF thumbnail's own end
/// marker inside APP1 is never mistaken for the image's) to the first scan, then the
/// end-of-image marker FF D9 after it. Scan data cannot hold FF D9: it stuffs every FF
/// data byte as FF 00, and the markers between progressive scans are not D9.
package enum JPEGStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        var offset = 2
        while true {
            guard let prefix = bytes.byte(at: offset), let marker = bytes.byte(at: offset + 1) else {
                return .incomplete(reason: "the JPEG ends before its image data")
            }
            guard prefix == 0xFF else {
                // Bytes between segments that begin no marker: libjpeg skips them to the next
                // FF ("extraneous bytes before marker", a warning) and decodes the image whole,
                // and some cameras write such padding. What follows is judged as any file's is,
                // and a cut file still ends before its image data or its end marker.
                guard let next = bytes.firstIndex(of: [0xFF], from: offset) else {
                    return .incomplete(reason: "the JPEG ends before its image data")
                }
                offset = next
                continue
            }
            switch marker {
            case 0xFF:
                offset += 1  // Fill byte before a marker.
            case 0xD9:
                return .incomplete(reason: "the JPEG ends before its image data")
            case 0xDA:
                return endMarker(in: bytes, after: offset + 2)
                    ? .complete : .incomplete(reason: "the JPEG ends before its end-of-image marker")
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

    /// Whether FF D9 comes anywhere after `scan`. The file's last 64 KB are searched first:
    /// the marker is almost always there (at the very end, or before a little appended
    /// data), and the scan data before it, most of a large photo, need not be read then.
    /// Only when they lack it is everything after `scan` searched, as before.
    private static func endMarker(in bytes: ImageBytes, after scan: Int) -> Bool {
        let tail = max(scan, bytes.count - 64 * 1024)
        if bytes.firstIndex(of: [0xFF, 0xD9], from: tail) != nil { return true }
        return tail > scan && bytes.firstIndex(of: [0xFF, 0xD9], from: scan) != nil
    }
}
