import ImageFormats

/// The EXIF orientation that decoding must apply itself, for the formats whose
/// gdk-pixbuf loader leaves it out.
///
/// Checked on Debian 12 with a picture tagged orientation 6 in each format:
/// - JPEG and TIFF: the loaders set the pixbuf's "orientation" option, which
///   `gdk_pixbuf_apply_embedded_orientation` applies. Nothing to do here.
/// - PNG (`eXIf`) and WebP (`EXIF` chunk): the loaders ignore it. Applied from here.
/// - HEIF/HEIC and AVIF: the orientation is the container's `irot`/`imir` properties,
///   which libheif applies while decoding; the EXIF tag only repeats it (iPhones write
///   both), so applying it again would turn the picture twice. Never applied.
enum ExifOrientation {
    /// 1–8, from the file's EXIF, for PNG and WebP only; nil for other formats and
    /// when there is no valid orientation.
    static func notAppliedByLoader(path: String) -> Int? {
        ImageBytes.withFile(at: path) { notAppliedByLoader(in: $0) }
    }

    /// A whole file's bytes: for tests and fuzzing.
    static func notAppliedByLoader(bytes: [UInt8]) -> Int? {
        notAppliedByLoader(in: bytes)
    }

    static func notAppliedByLoader(in source: some ByteSource) -> Int? {
        guard let container = ExifBlockFinder.container(of: source), container == .png || container == .webp,
              let block = ExifBlockFinder.find(in: source) else { return nil }
        return LoadedExif(block)?.orientation
    }
}
