/// TIFF: every image file directory (IFD) in the chain, and every strip and tile each one
/// lists (offset + byte count), must lie inside the file. Sub-IFDs (EXIF, thumbnails of
/// camera files) are not followed: they are not the image gdk-pixbuf decodes.
package enum TIFFStructure {
    package static func check(_ bytes: ImageBytes) -> Completeness {
        guard let layout = Layout(bytes) else { return .incomplete(reason: "the TIFF ends inside its header") }
        var offset = layout.firstIFD
        var visited: Set<Int> = []
        var images = 0
        // Directories and value arrays may overlap in a hostile file: 10,000 directories over
        // one large array would take hours. A real file's parts do not overlap, so the work
        // (bytes of entries and values read) stays within a few times the file's size.
        var budget = 4 * bytes.count + 4096
        while offset != 0 {
            // A loop in the chain, or an absurd number of pages, is a broken file.
            guard visited.insert(offset).inserted, visited.count <= 10_000 else {
                return .incomplete(reason: "the TIFF's chain of image directories loops or never ends")
            }
            guard let ifd = layout.directory(at: offset) else {
                return .incomplete(reason: "the TIFF ends inside an image directory")
            }
            budget -= ifd.entries.count * (layout.isBig ? 20 : 12)
            if let problem = layout.checkData(of: ifd, budget: &budget) { return .incomplete(reason: problem) }
            guard budget >= 0 else { return .incomplete(reason: "the TIFF's directories overlap") }
            images += 1
            offset = ifd.next
        }
        return images > 0 ? .complete : .incomplete(reason: "the TIFF has no image directory")
    }

    /// What the first IFD says when libtiff's RGBA reader (which gdk-pixbuf uses) cannot
    /// decode it, as a format name for "Drover does not import … images", or nil.
    /// libtiff reads CMYK ("separated") only with 8 bits per sample.
    package static func unsupportedVariant(_ bytes: ImageBytes) -> String? {
        guard let layout = Layout(bytes), let ifd = layout.directory(at: layout.firstIFD),
              let photometric = ifd.entries[Tag.photometric].flatMap({ layout.values(of: $0)?.first }),
              photometric == 5 else { return nil }
        let bits = ifd.entries[Tag.bitsPerSample].flatMap { layout.values(of: $0)?.first } ?? 1
        return bits == 8 ? nil : "\(bits)-bit CMYK TIFF"
    }

    private enum Tag {
        static let bitsPerSample = 258
        static let photometric = 262
        static let stripOffsets = 273
        static let stripByteCounts = 279
        static let tileOffsets = 324
        static let tileByteCounts = 325
    }

    private struct Entry {
        var type: Int
        var count: Int
        /// Where the values are: inside the entry when they fit, else at the offset it holds.
        var valuesOffset: Int
    }

    private struct Directory {
        var entries: [Int: Entry]
        var next: Int
    }

    /// Classic TIFF (32-bit offsets, 12-byte entries) and BigTIFF (64-bit, 20-byte entries).
    private struct Layout {
        let bytes: ImageBytes
        let bigEndian: Bool
        let isBig: Bool
        let firstIFD: Int

        init?(_ bytes: ImageBytes) {
            guard let order = bytes.byte(at: 0) else { return nil }
            self.bytes = bytes
            bigEndian = order == 0x4D
            guard let version = bytes.uint16(at: 2, bigEndian: bigEndian) else { return nil }
            isBig = version == 43
            if isBig {
                guard let first = bytes.uint64(at: 8, bigEndian: bigEndian), first <= UInt64(Int.max) else { return nil }
                firstIFD = Int(first)
            } else {
                guard let first = bytes.uint32(at: 4, bigEndian: bigEndian) else { return nil }
                firstIFD = first
            }
        }

        private func offsetValue(at offset: Int) -> Int? {
            if isBig {
                guard let value = bytes.uint64(at: offset, bigEndian: bigEndian), value <= UInt64(Int.max) else { return nil }
                return Int(value)
            }
            return bytes.uint32(at: offset, bigEndian: bigEndian)
        }

        func directory(at offset: Int) -> Directory? {
            guard offset < bytes.count else { return nil }
            let countSize = isBig ? 8 : 2
            let entrySize = isBig ? 20 : 12
            guard let count = isBig ? offsetValue(at: offset) : bytes.uint16(at: offset, bigEndian: bigEndian),
                  count <= bytes.count / entrySize,
                  bytes.contains(offset + countSize, length: count * entrySize + (isBig ? 8 : 4)) else { return nil }
            var entries: [Int: Entry] = [:]
            for index in 0..<count {
                let entry = offset + countSize + index * entrySize
                guard let tag = bytes.uint16(at: entry, bigEndian: bigEndian),
                      let type = bytes.uint16(at: entry + 2, bigEndian: bigEndian),
                      let valueCount = offsetValue(at: entry + 4) else { return nil }
                // The value field follows the count: it holds the values when they fit, else their offset.
                let field = entry + 4 + (isBig ? 8 : 4)
                let valuesOffset: Int
                if let size = TIFFFieldType.size(type), valueCount <= (isBig ? 8 : 4) / size {
                    valuesOffset = field
                } else {
                    guard let pointer = offsetValue(at: field) else { return nil }
                    valuesOffset = pointer
                }
                entries[tag] = Entry(type: type, count: valueCount, valuesOffset: valuesOffset)
            }
            guard let next = offsetValue(at: offset + countSize + count * entrySize) else { return nil }
            return Directory(entries: entries, next: next)
        }

        /// The integer values of an entry (SHORT, LONG or LONG8), or nil if they run past the end.
        func values(of entry: Entry) -> [Int]? {
            guard let size = TIFFFieldType.size(entry.type), [3, 4, 16].contains(entry.type),
                  entry.count <= bytes.count / size,
                  bytes.contains(entry.valuesOffset, length: entry.count * size) else { return nil }
            var result: [Int] = []
            result.reserveCapacity(entry.count)
            for index in 0..<entry.count {
                let at = entry.valuesOffset + index * size
                let value: Int?
                switch entry.type {
                case 3: value = bytes.uint16(at: at, bigEndian: bigEndian)
                case 4: value = bytes.uint32(at: at, bigEndian: bigEndian)
                default: value = bytes.uint64(at: at, bigEndian: bigEndian).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil }
                }
                guard let value else { return nil }
                result.append(value)
            }
            return result
        }

        /// A reason if a strip or tile of this directory lies outside the file.
        func checkData(of ifd: Directory, budget: inout Int) -> String? {
            // Every field's values (inline ones trivially) lie inside the file: writers
            // often put them after the pixels, so a cut end shows here first.
            for entry in ifd.entries.values {
                guard let size = TIFFFieldType.size(entry.type) else { continue }  // A type from a later spec.
                let (length, overflow) = entry.count.multipliedReportingOverflow(by: size)
                guard !overflow, bytes.contains(entry.valuesOffset, length: length) else {
                    return "the TIFF ends inside its image directory's values"
                }
            }
            for (offsetsTag, countsTag) in [(Tag.stripOffsets, Tag.stripByteCounts), (Tag.tileOffsets, Tag.tileByteCounts)] {
                guard let offsetsEntry = ifd.entries[offsetsTag] else { continue }
                budget -= 2 * offsetsEntry.count
                guard budget >= 0 else { return "the TIFF's directories overlap" }
                guard let offsets = values(of: offsetsEntry) else { return "the TIFF's list of image data is cut short or broken" }
                // Old writers may omit the byte counts of uncompressed strips: only the offsets can be checked.
                guard let countsEntry = ifd.entries[countsTag] else {
                    if offsets.contains(where: { $0 >= bytes.count }) { return "the TIFF ends before its image data" }
                    continue
                }
                guard let counts = values(of: countsEntry) else { return "the TIFF's list of image data is cut short or broken" }
                guard counts.count == offsets.count else { return "the TIFF lists \(offsets.count) pieces of image data but \(counts.count) sizes" }
                for (offset, count) in zip(offsets, counts) where !bytes.contains(offset, length: count) {
                    return "the TIFF ends before its image data does"
                }
            }
            return nil
        }
    }
}
