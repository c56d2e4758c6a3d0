import DecoderKit
import Foundation

/// Limits that keep an import safe and the machine responsive.
public struct ImportLimits: Sendable, Hashable {
    /// Width × height above which a file is refused, read from its header before decoding.
    public var maxPixels: Int
    /// The largest file one photo may be, in bytes; a larger one is refused, with its size,
    /// before anything is copied. Default 1 GB (10^9 bytes, the unit the message shows):
    /// `maxPixels` (100 megapixels) uncompressed at 16 bits per channel with alpha is 800 MB,
    /// so no image Drover would decode needs more; what lies past that is padding or
    /// attachments, and a copy of it would cost the library gigabytes (a valid JPEG
    /// followed by 2 GB of zeros used to become a 2.1 GB copy).
    public var maxFileBytes: Int
    /// The most image files one folder import may take.
    public var maxFilesPerFolder: Int
    /// The thumbnail's bounding box, in pixels.
    public var thumbnailSize: Int
    /// Decodes at once (one decoder server each, see `DecoderServerPool`).
    public var concurrency: Int
    /// Files an import prepares at once (copy, decode, thumbnail), at least `concurrency`.
    /// By default twice `concurrency`, so that while the servers decode, the next files are
    /// already being copied and hashed, and a server never waits for a copy (nor its
    /// fsync) before its next decode. An app that draws while it imports passes
    /// `concurrency`: the copies beside the decodes take the cores its main thread needs.
    public var filesInFlight: Int
    /// Photos committed per database transaction.
    public var batchSize: Int
    /// CPU seconds one decode may use (RLIMIT_CPU of the `drover-decode` helper); past it the
    /// photo is refused as too complex. Default 10 s: about five times the heaviest legitimate
    /// decodes measured (a 100-megapixel progressive JPEG, 1.7 s; a 100-megapixel PNG, 1.9 s;
    /// a baseline JPEG of that size, 0.2 s), so a slower machine and more detailed photos
    /// still fit, while a JPEG that repeats one scan 3,000 times (203 s) stops at 10.
    public var decodeCPUSeconds: Int
    /// Address space one decode may use, in bytes (RLIMIT_AS of the helper); past it the
    /// photo is refused as needing too much memory. Default 2 GB: the helper itself takes about
    /// 120 MB of address space; a 100-megapixel progressive JPEG needs about 700 MB (libjpeg
    /// keeps every coefficient), a 100-megapixel PNG 330 MB, and gdk-pixbuf's TIFF loader
    /// holds the whole file (up to `maxFileBytes`) beside the pixels. glycin (GNOME's
    /// sandboxed loaders) allows at most about 1.4 GB; Drover decodes only to a thumbnail,
    /// but accepts 1 GB files, hence a little more.
    public var decodeMemoryBytes: Int
    /// Real time one decode may take, in seconds, after which the helper is killed. Longer
    /// than the CPU budget, because imports run `concurrency` decodes at once beside the
    /// rest of the desktop: this only catches a helper that waits instead of working.
    /// Default 120 s: on a loaded machine (load 15 on 2 cores) a decode took 7 to 9 times
    /// its CPU time in real time, so 12 times the CPU budget leaves room for that.
    public var decodeWallSeconds: Int

    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 1_000_000_000, maxFilesPerFolder: Int = 50_000,
                thumbnailSize: Int = 256, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                filesInFlight: Int? = nil, batchSize: Int = 64, decodeCPUSeconds: Int = 10,
                decodeMemoryBytes: Int = 2_000_000_000, decodeWallSeconds: Int = 120) {
        self.maxPixels = maxPixels
        self.maxFileBytes = max(1, maxFileBytes)
        self.maxFilesPerFolder = maxFilesPerFolder
        self.thumbnailSize = thumbnailSize
        self.concurrency = max(1, concurrency)
        self.filesInFlight = max(self.concurrency, filesInFlight ?? 2 * self.concurrency)
        self.batchSize = max(1, batchSize)
        self.decodeCPUSeconds = max(1, decodeCPUSeconds)
        self.decodeMemoryBytes = max(1, decodeMemoryBytes)
        self.decodeWallSeconds = max(1, decodeWallSeconds)
    }
}

/// Where imported photos go. Photos imported into an album also join the end of the
/// main collection, since every photo is in "All Photos".
public enum ImportDestination: Sendable, Hashable {
    /// At `index` in the main collection; nil means the end.
    case allPhotos(at: Int? = nil)
    /// At `index` in the album; nil means the end.
    case album(AlbumID, at: Int? = nil)

    /// At `index` (nil: the end) in the collection `scope` names.
    public init(_ scope: CollectionScope, at index: Int? = nil) {
        switch scope {
        case .allPhotos: self = .allPhotos(at: index)
        case .album(let album): self = .album(album, at: index)
        }
    }
}

/// One file to import, with the title to give it (default: the file name without extension).
public struct ImportSource: Sendable, Hashable {
    public var url: URL
    public var title: String?
    /// Seen by a folder scan: if it cannot be found when opened, it vanished during the
    /// import, rather than never existing.
    var seenByScan = false
    /// Import even when the same bytes are in the library already ("Import Anyway"); by
    /// default such a file fails with `ImportFailureReason.alreadyInLibrary`.
    public var allowsDuplicate = false
    public init(url: URL, title: String? = nil, allowsDuplicate: Bool = false) {
        self.url = url
        self.title = title
        self.allowsDuplicate = allowsDuplicate
    }
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
