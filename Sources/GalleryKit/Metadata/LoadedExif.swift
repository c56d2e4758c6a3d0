import CExif
import ImageFormats

/// An EXIF block parsed by libexif, its tags as stored.
///
/// The block is first cut down to what Drover reads (`TIFFExifCompactor`: IFD0's
/// orientation, date and camera, the Exif IFD's dates, the GPS IFD), which keeps it under libexif's 64 KB limit even when it
/// came from a HEIF item or a PNG chunk, and keeps libexif's maker-note parsers away
/// from untrusted bytes. libexif's "follow the specification" option, which rewrites
/// entries while loading, is turned off, so a malformed tag is seen and refused rather
/// than silently patched.
final class LoadedExif {
    let data: UnsafeMutablePointer<ExifData>

    init?(_ block: ExifBlock) {
        guard let compact = TIFFExifCompactor.compact(block.tiff), let data = exif_data_new() else { return nil }
        self.data = data
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        let bytes = ExifBlockFinder.exifHeader + compact
        bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
    }

    deinit { exif_data_unref(data) }

    var byteOrder: ExifByteOrder { exif_data_get_byte_order(data) }

    /// The GPS IFD, if there is one.
    var gps: UnsafeMutablePointer<ExifContent>? { drover_exif_ifd_content(data, EXIF_IFD_GPS) }

    /// IFD0's orientation, 1–8 (1 is upright); nil when absent or not a valid value.
    var orientation: Int? {
        guard let ifd0 = drover_exif_ifd_content(data, EXIF_IFD_0),
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
              entry.pointee.size >= 2, let bytes = entry.pointee.data else { return nil }
        let value = Int(exif_get_short(bytes, byteOrder))
        return (1...8).contains(value) ? value : nil
    }

    /// An ASCII tag's text (up to its first NUL), or nil when absent, not ASCII or empty.
    func text(_ tag: ExifTag, in ifd: ExifIfd) -> String? {
        guard let content = drover_exif_ifd_content(data, ifd), let entry = exif_content_get_entry(content, tag),
              entry.pointee.format == EXIF_FORMAT_ASCII, let bytes = entry.pointee.data, entry.pointee.size > 0 else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size))
        let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
