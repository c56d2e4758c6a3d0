/// Sniffing, by the signatures in the one table (`ImageFormat.table`). Import uses it to
/// tell a damaged image from a file that is not an image at all, to name a format no
/// installed decoder reads, and to pick a completeness check; the EXIF reader uses it to
/// pick the container to walk; drag and drop, to recognise image data by its content.
extension ImageFormat {
    /// Identifies the format from the first bytes, or nil for anything else (including
    /// image formats gdk-pixbuf reads that have no entry here, such as ICO or TGA).
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        sniff(ImageBytes(bytes))
    }

    package static func sniff(_ bytes: some ByteSource) -> ImageFormat? {
        for facts in table {
            for signature in facts.signatures where bytes.matches(signature, at: 0) { return facts.format }
        }
        // RIFF container: the form type at 8 says which.
        if bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) { return .webp }
        // The major brand decides; failing that, the first HEIF brand among the compatible ones.
        if isISOBaseMedia(bytes), let boxSize = bytes.uint32(at: 0, bigEndian: true) {
            let brandOffsets = [8] + Array(stride(from: 16, to: min(boxSize, 64), by: 4))
            for offset in brandOffsets {
                guard let brand = bytes.fourCC(at: offset) else { break }
                if let facts = table.first(where: { $0.brands.contains(brand) }) { return facts.format }
            }
        }
        return nil
    }

    /// An ISO base media file (HEIF, AVIF, but also MP4 video): an `ftyp` box comes first,
    /// and its brands say what the file holds.
    package static func isISOBaseMedia(_ bytes: some ByteSource) -> Bool { bytes.matches("ftyp", at: 4) }

    /// A classic (not Big) TIFF header at `offset`: what a TIFF file starts with, and the
    /// shape of every EXIF block, whatever the container.
    package static func isClassicTIFF(_ bytes: some ByteSource, at offset: Int) -> Bool {
        classicTIFFSignatures.contains { bytes.matches($0, at: offset) }
    }
}
