/// HEIF and AVIF: the top-level boxes of the ISO base media file (ftyp, meta, mdat…),
/// each with a 32-bit size, a 64-bit size, or "to the end of the file", must fit in the
/// file; a meta box must be among them, and every extent its item-location box (iloc)
/// places in the file must lie inside it. That last part catches a file cut exactly
/// between meta and mdat, where every box that is left is whole.
package enum ISOBoxStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        var meta: Range<Int>?
        var offset = 0
        while offset < bytes.count {
            guard let box = box(in: bytes, at: offset, end: bytes.count) else {
                return .incomplete(reason: "the file ends inside a box header")
            }
            guard let content = box.content else { return .incomplete(reason: "the \(box.type) box has an impossible size") }
            guard content.upperBound <= bytes.count else { return .incomplete(reason: "the file is cut short inside its \(box.type) box") }
            if box.type == "meta", meta == nil { meta = content }
            offset = content.upperBound
        }
        guard let meta else { return .incomplete(reason: "the file has no meta box describing its image") }
        return ItemLocations.check(bytes, meta: meta)
    }

    package struct Box {
        var type: String
        /// The bytes after the header, or nil when the declared size is impossible.
        var content: Range<Int>?
    }

    /// The box at `offset`, whose size 0 means "to `end`"; nil if its header is cut.
    package static func box(in bytes: ImageBytes, at offset: Int, end: Int) -> Box? {
        guard let header = ISOBoxHeader(in: bytes, at: offset) else { return nil }
        let contentStart = offset + header.headerSize
        guard let size = header.size else {
            return Box(type: header.type, content: contentStart < end ? contentStart..<end : nil)
        }
        guard size >= UInt64(header.headerSize), size <= UInt64(Int.max - offset) else { return Box(type: header.type, content: nil) }
        return Box(type: header.type, content: contentStart..<(offset + Int(size)))
    }
}

/// The item-location box (ISO/IEC 14496-12, 8.11.3): for each item, extents given as file
/// offsets (construction method 0) must lie inside the file. Extents inside the meta box's
/// idat or another item need no check: those boxes were already checked whole.
private enum ItemLocations {
    static func check(_ bytes: ImageBytes, meta: Range<Int>) -> Completeness {
        // meta is a full box: 4 bytes of version and flags, then child boxes.
        var offset = meta.lowerBound + 4
        while offset < meta.upperBound {
            guard let box = ISOBoxStructure.box(in: bytes, at: offset, end: meta.upperBound),
                  let content = box.content, content.upperBound <= meta.upperBound else {
                return .incomplete(reason: "the meta box's contents are broken")
            }
            if box.type == "iloc" {
                var reader = FieldReader(bytes, from: content.lowerBound, to: content.upperBound)
                return extentsFit(&reader, in: bytes)
                    ?? .incomplete(reason: "the item-location box is broken")
            }
            offset = content.upperBound
        }
        return .incomplete(reason: "the meta box does not say where the image's data is")
    }

    /// Nil when the box itself cannot be read to its end.
    private static func extentsFit(_ reader: inout FieldReader<ImageBytes>, in bytes: ImageBytes) -> Completeness? {
        // A full box: version and flags; then the field sizes, four bits each.
        guard let version = reader.read(1), reader.read(3) != nil,
              let sizes = reader.read(1), let more = reader.read(1) else { return nil }
        guard version <= 2 else { return .notChecked }  // A later version: left to libheif.
        let offsetSize = sizes >> 4, lengthSize = sizes & 0xF, baseOffsetSize = more >> 4
        let indexSize = version >= 1 ? more & 0xF : 0
        guard [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }),
              let itemCount = reader.read(version < 2 ? 2 : 4) else { return nil }
        for _ in 0..<itemCount {
            guard reader.read(version < 2 ? 2 : 4) != nil,  // item ID
                  let method = version >= 1 ? reader.read(2).map({ $0 & 0xF }) : 0,
                  reader.read(2) != nil,  // data reference index
                  let base = reader.read(baseOffsetSize),
                  let extentCount = reader.read(2) else { return nil }
            // Extents without offsets or lengths take no bytes: nothing to check, and no end to the loop.
            guard offsetSize + lengthSize + indexSize > 0 else { continue }
            for _ in 0..<extentCount {
                guard reader.read(indexSize) != nil, let extentOffset = reader.read(offsetSize),
                      let length = reader.read(lengthSize) else { return nil }
                // Method 0 is a file offset; a length of 0 means "to the end of the file".
                let (start, overflow) = base.addingReportingOverflow(extentOffset)
                if method == 0, overflow || !bytes.contains(start, length: length) {
                    return .incomplete(reason: "the file ends before its image data does")
                }
            }
        }
        return .complete
    }
}
