// DecoderKit/Exif: what a photo's EXIF says (date taken, GPS position, orientation,
// camera), read with libexif from the block ImageFormats' walkers find, inside the
// confined decode child only (`ExifReader`): Drover gets the answer (`Wire/ExifAnswer.swift`),
// never the bytes.
//
// Which library reads EXIF, and why (issue 9, measured on Debian 12):
//
// gexiv2 0.14 / exiv2 0.27.6, which Shotwell and GNOME Photos use, was weighed against
// libexif 0.6.24 with a small container walker of our own (ExifBlockFinder) and lost:
// - HEIC: exiv2 is built with BMFF support and enables it, yet finds no EXIF in either
//   HEIC made here (heif-enc from libheif 1.15, and exiftool writing into one). Its
//   `iloc` parser guesses each entry's layout from its length (14, 16 or 18 bytes);
//   libheif's 20-byte entries (with a base offset) come out at offset 0 and are dropped.
//   So HEIC GPS would be lost for every file written on Linux with libheif. (It did
//   read the AVIF heif-enc made, whose entries are 18 bytes.)
// - PNG (eXIf and zTXt "Raw profile type exif"), WebP and TIFF: both read them.
// - Cost, 100 camera-sized JPEGs with EXIF and a thumbnail, warm cache, same run, both
//   orders: libexif 13–30 µs a file, gexiv2 100–250 µs. Neither matters next to a decode.
// - gexiv2 brings a C++ library with a long CVE history and a GObject API for a job of
//   two tags; libexif is already here, and the walker is ~300 lines of bounds-checked
//   Swift with a bytes entry point for fuzzing.
// So: the walker finds the block in JPEG, PNG, WebP, HEIF/HEIC/AVIF and TIFF, and
// libexif parses it (LoadedExif). libexif opens no file and starts nothing: it runs
// under the child's seccomp filter as it is (the only call it may make that the filter
// refuses is gettext's look for a catalogue, which then answers in English).

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
