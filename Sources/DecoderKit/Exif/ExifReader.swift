import CExif
import Foundation
import ImageFormats

/// Reads a photo's EXIF once, in the decode child, from the descriptor it was given (never
/// a path): the block found by ImageFormats' walkers (JPEG, PNG, WebP, HEIF/HEIC/AVIF or
/// TIFF), parsed by libexif, reduced to what Drover uses (`ExifMetadata`, which the child
/// answers with: `ExifAnswer`), and the orientation its own decode must apply.
///
/// Which formats' orientation the decode applies from here (checked on Debian 12 with a
/// picture tagged orientation 6 in each format):
/// - JPEG and TIFF: the loaders set the pixbuf's "orientation" option, which
///   `gdk_pixbuf_apply_embedded_orientation` applies. Nothing to do here.
/// - PNG (`eXIf`) and WebP (`EXIF` chunk): the loaders ignore it. Applied from here.
/// - HEIF/HEIC and AVIF: the orientation is the container's `irot`/`imir` properties,
///   which libheif applies while decoding; the EXIF tag only repeats it (iPhones write
///   both), so applying it again would turn the picture twice. Never applied.
package enum ExifReader {
    package struct Read: Equatable, Sendable {
        package var metadata: ExifMetadata
        /// 1–8 for a PNG or WebP whose EXIF has a valid orientation; nil otherwise.
        package var orientationNotAppliedByLoader: Int?
    }

    /// The file open on `descriptor` (read with `pread`: the descriptor's offset stays where
    /// the decode will start). Nothing when it is not a regular file.
    package static func read(descriptor: Int32) -> Read {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return Read(metadata: ExifMetadata()) }
        return read(ImageBytes(file: descriptor, size: Int(info.st_size)))
    }

    /// A whole file's bytes: tests and the fuzzer.
    package static func read(bytes: [UInt8]) -> Read {
        bytes.withUnsafeBytes { read(ImageBytes($0)) }
    }

    package static func read(_ source: some ByteSource) -> Read {
        guard let block = ExifBlockFinder.find(in: source), let exif = LoadedExif(block) else {
            return Read(metadata: ExifMetadata())
        }
        var notes: [String] = []
        let place = ExifGPS.read(exif, notes: &notes)
        func trimmed(_ tag: ExifTag) -> String? {
            exif.text(tag, in: EXIF_IFD_0)?.trimmingCharacters(in: .whitespaces).nonEmpty
        }
        let metadata = ExifMetadata(dateTaken: dateTaken(exif), place: place, orientation: exif.orientation,
                                    cameraMake: trimmed(EXIF_TAG_MAKE), cameraModel: trimmed(EXIF_TAG_MODEL), notes: notes)
        let forLoader = block.container == .png || block.container == .webp ? exif.orientation : nil
        return Read(metadata: metadata, orientationNotAppliedByLoader: forLoader)
    }

    /// `DateTimeOriginal` with `OffsetTimeOriginal`, else `DateTime` with `OffsetTime`.
    private static func dateTaken(_ exif: LoadedExif) -> ExifDateTime? {
        if let original = exif.text(EXIF_TAG_DATE_TIME_ORIGINAL, in: EXIF_IFD_EXIF),
           let date = ExifDateTime.parse(original, offset: exif.text(EXIF_TAG_OFFSET_TIME_ORIGINAL, in: EXIF_IFD_EXIF)) {
            return date
        }
        if let modified = exif.text(EXIF_TAG_DATE_TIME, in: EXIF_IFD_0) {
            return ExifDateTime.parse(modified, offset: exif.text(EXIF_TAG_OFFSET_TIME, in: EXIF_IFD_EXIF))
        }
        return nil
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
