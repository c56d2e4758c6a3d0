import DecoderKit
import Foundation

/// One photo in the library, with everything needed to open, drag out or trash its file.
public struct Photo: Identifiable, Hashable, Sendable {
    public let id: PhotoID
    /// The library's own copy (never the user's original).
    public let fileURL: URL
    /// The cached thumbnail; it may be absent and is then regenerated on demand.
    public let thumbnailURL: URL
    /// How the thumbnail is stored: a regenerated one is made the same way.
    let thumbnailFormat: ThumbnailFormat
    /// The name of the file the user imported, e.g. "IMG_0042.jpg".
    public let originalFileName: String
    public let title: String
    public let pixelSize: PixelSize
    /// From the photo's metadata; nil until EXIF is read (a later migration may fill it).
    public let dateTaken: Date?
    /// The original file's modification time when it was imported.
    public let fileDate: Date?
    public let dateAdded: Date
    /// The stack holding this photo, if any.
    public let stackID: StackID?
    /// Where it was taken (EXIF GPS), if recorded.
    public let location: PhotoLocation?
    /// The nearest place to `location` ("Sausalito, California, US"), once a scan has found it.
    public let placeName: String?
    /// How the user turned it in Drover (never written into its file).
    public var rotation: PhotoRotation = .upright

    /// The best date to show: when it was taken, else the file's date, else when it was added.
    public var displayDate: Date { dateTaken ?? fileDate ?? dateAdded }
}
