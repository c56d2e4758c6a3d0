import DecoderKit
import Foundation

/// What the library keeps of a photo's EXIF (date taken, place, orientation, camera), from
/// the answer of the decode child that read it (`ExifMetadata`; the reading is DecoderKit's
/// `ExifReader`, with libexif, confined). Drover parses no byte of a photo's EXIF: an import
/// gets this from the thumbnail's decode, the background scan from the QR scan's, and the
/// details view and the date scan from a child that only reads it (`read(path:)`).
struct PhotoExif: Sendable, Equatable {
    /// The GPS tags, as the child found them: none, a position, or why present ones were ignored.
    typealias Place = ExifGPS.Outcome

    /// `DateTimeOriginal` with `OffsetTimeOriginal`, else `DateTime` with `OffsetTime`; a
    /// time without an offset is local time here.
    var dateTaken: Date?
    var place: Place
    var orientation: Int?
    var cameraMake: String?
    var cameraModel: String?

    /// The position, when the file has a usable one.
    var location: PhotoLocation? {
        if case .found(let location) = place { return location }
        return nil
    }

    /// `metadata` of the file named `fileName` (for the log: why a present position or
    /// altitude was ignored goes there, and nothing throws).
    init(_ metadata: ExifMetadata, fileName: String, localTimeZone: TimeZone = .current) {
        dateTaken = metadata.dateTaken?.date(localTimeZone: localTimeZone)
        place = metadata.place
        if case .ignored(let reason) = place { GalleryLog.note("ignoring the GPS position of \(fileName): \(reason)") }
        for note in metadata.notes { GalleryLog.note("\(fileName): \(note)") }
        orientation = metadata.orientation
        cameraMake = metadata.cameraMake
        cameraModel = metadata.cameraModel
    }

    /// The EXIF of the file at `path`, read by a confined decode child that decodes nothing.
    /// Blocking. Empty when no child could read it (the file is gone, the servers failed:
    /// logged), as a file without EXIF is.
    static func read(path: String) -> PhotoExif {
        let name = (path as NSString).lastPathComponent
        do {
            return PhotoExif(try DecoderProcess(limits: ImportLimits()).readExif(of: path), fileName: name)
        } catch {
            GalleryLog.note("no EXIF read for \(name): \(error.message)")
            return PhotoExif(ExifMetadata(), fileName: name)
        }
    }
}

extension PhotoLocation {
    /// The photo's GPS position from its EXIF block (JPEG, PNG, WebP, HEIC/HEIF/AVIF or
    /// TIFF), read by a confined decode child, off the caller's thread. Nil when the photo has
    /// none, and when its tags are malformed or out of range: the reason then goes to
    /// `GalleryLog`, and nothing throws.
    public static func read(fromFileAt url: URL) async -> PhotoLocation? {
        await BlockingWork.run { PhotoExif.read(path: url.path).location }
    }
}
