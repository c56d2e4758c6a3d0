import Foundation

/// Limits that keep an import safe and the machine responsive.
public struct ImportLimits: Sendable, Hashable {
    /// Width × height above which a file is refused, read from its header before decoding.
    public var maxPixels: Int
    /// The most image files one folder import may take.
    public var maxFilesPerFolder: Int
    /// The thumbnail's bounding box, in pixels.
    public var thumbnailSize: Int
    /// Files prepared at once (copy, decode, thumbnail).
    public var concurrency: Int
    /// Photos committed per database transaction.
    public var batchSize: Int

    public init(maxPixels: Int = 100_000_000, maxFilesPerFolder: Int = 50_000, thumbnailSize: Int = 256,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, batchSize: Int = 64) {
        self.maxPixels = maxPixels
        self.maxFilesPerFolder = maxFilesPerFolder
        self.thumbnailSize = thumbnailSize
        self.concurrency = max(1, concurrency)
        self.batchSize = max(1, batchSize)
    }
}

/// Where imported photos go. Photos imported into an album also join the end of the
/// main collection, since every photo is in "All Photos".
public enum ImportDestination: Sendable, Hashable {
    /// At `index` in the main collection; nil means the end.
    case allPhotos(at: Int? = nil)
    /// At `index` in the album; nil means the end.
    case album(AlbumID, at: Int? = nil)
}

/// One file to import, with the title to give it (default: the file name without extension).
public struct ImportSource: Sendable, Hashable {
    public var url: URL
    public var title: String?
    /// Seen by a folder scan: if it cannot be found when opened, it vanished during the
    /// import, rather than never existing.
    var seenByScan = false
    public init(url: URL, title: String? = nil) { self.url = url; self.title = title }
}

public struct ImportedPhoto: Sendable, Hashable {
    public let source: URL
    public let id: PhotoID
}

/// The outcome of one import: successes in the order given, each failure with its reason,
/// and (for a folder) each entry skipped with its reason. For a folder, imported +
/// failures + skipped is every entry the scan found.
public struct ImportReport: Sendable {
    public internal(set) var imported: [ImportedPhoto] = []
    public internal(set) var failures: [ImportFailure] = []
    public internal(set) var skipped: [ImportSkip] = []
    public var photoIDs: [PhotoID] { imported.map(\.id) }
}

/// Reported once per file, as soon as its fate is final.
public struct ImportProgress: Sendable {
    public enum Outcome: Sendable {
        case imported(PhotoID)
        case failed(ImportFailureReason)
    }
    public let source: URL
    public let outcome: Outcome
    /// Files finished so far, this one included.
    public let completed: Int
    public let total: Int
}
