import DecoderKit
import Foundation
import GRDB
import ImageFormats

/// What `PhotoLibrary.checkFiles()` found after an open: copies that are no longer the
/// photos Drover stored, and the thumbnails it made again.
public struct FileCheckReport: Sendable, Equatable {
    /// Photos whose library copy is there but not the bytes Drover stored (replaced,
    /// overwritten or damaged). Their rows and files are kept as they are; tiles show them
    /// damaged.
    public var damagedPhotos: [PhotoID] = []
    /// The names in photos/ of `damagedPhotos`' files, in the same order.
    public var damagedFiles: [String] = []
    /// How many lost thumbnails were made again from their photos.
    public var rebuiltThumbnails = 0
    /// Thumbnails that could not be made again: the photo's file name and why.
    public var thumbnailFailures: [ThumbnailFailure] = []

    public struct ThumbnailFailure: Sendable, Equatable {
        public var fileName: String
        public var reason: ImportFailureReason
    }

    /// What was found, a line each, for the log (as `RecoveryReport.logLines`).
    public var logLines: [String] {
        damagedFiles.map { "damaged: photos/\($0): the file is no longer the photo Drover stored; it is left as it is, its tile shows it damaged" }
            + (rebuiltThumbnails == 0 ? [] : rebuiltThumbnails == 1 ? ["rebuilt 1 lost thumbnail from its photo"]
                : ["rebuilt \(rebuiltThumbnails) lost thumbnails from their photos"])
            + thumbnailFailures.map { "thumbnail not rebuilt: photos/\($0.fileName): \($0.reason)" }
    }

    public var isClean: Bool { damagedPhotos.isEmpty && rebuiltThumbnails == 0 && thumbnailFailures.isEmpty }
}

/// Checks, after an open, that each photo's library copy is still the photo Drover stored
/// and has its thumbnail. Blocking, and long for a big library: run on a thread of its own,
/// never on the open's path (the window shows its tiles first).
///
/// Cheap for a healthy library: an `lstat` of each copy and thumbnail, the copy's compared with
/// the size and modification time stored at import (schema v9, `FileStamp`); no byte of a
/// photo is read. Only a copy whose stamp changed is read: hashed and compared with the
/// stored hash (`ContentHash`), or, for a photo from before hashes, decoded in the confined decoder child
/// (`PhotoPreparer.makeThumbnail`). Nothing a user put there is ever changed or removed.
enum FileCheck {
    /// One photo's row, as the check needs it.
    struct Entry: Sendable {
        var id: PhotoID
        var fileName: String
        var thumbnailFormat: ThumbnailFormat
        var contentHash: String?
        var stamp: FileStamp?
        var isDamaged: Bool
    }

    /// What the check decided about the copies, before anything is written.
    struct Findings: Sendable {
        /// Copies proven damaged now, in id order.
        var damaged: [Entry] = []
        /// Copies flagged damaged before whose bytes are right again.
        var repaired: [PhotoID] = []
        /// Stamps to store: rows from before v9, and copies whose bytes proved right.
        var stamps: [(PhotoID, FileStamp)] = []
        /// Present, healthy photos without their thumbnail file.
        var lostThumbnails: [Entry] = []
    }

    /// How many entries the check holds at once (`page(_:after:)`): every photo's at once
    /// was about 230 MB at 1,000,000 photos, on top of the grid's collection.
    static let pageSize = 10_000

    /// The entries of up to `pageSize` photos whose ids come after `id` (nil: from the
    /// first), in id order. Empty past the last photo.
    static func page(_ db: Database, after id: PhotoID?) throws -> [Entry] {
        try entries(Row.fetchCursor(db, sql: columns + " WHERE id > ? ORDER BY id LIMIT ?",
                                    arguments: [id?.rawValue ?? Int64.min, pageSize]))
    }

    /// The entry of the photo whose copy is `fileName` (none, or one).
    static func entries(_ db: Database, fileName: String) throws -> [Entry] {
        try entries(Row.fetchCursor(db, sql: columns + " WHERE fileName = ?", arguments: [fileName]))
    }

    private static let columns = "SELECT id, fileName, thumbnailFormat, contentHash, fileSize, fileModified, fileDamaged FROM photo"

    private static func entries(_ rows: RowCursor) throws -> [Entry] {
        var entries: [Entry] = []
        while let row = try rows.next() {
            let size: Int64? = row[4]
            let modified: Int64? = row[5]
            entries.append(Entry(id: PhotoID(rawValue: row[0]), fileName: row[1],
                                 thumbnailFormat: ThumbnailFormat(rawValue: row[2]) ?? .png, contentHash: row[3],
                                 stamp: size.flatMap { size in modified.map { FileStamp(size: size, modified: $0) } },
                                 isDamaged: row[6]))
        }
        return entries
    }

    /// Compares every present copy with its stored stamp and verifies the ones that changed;
    /// lists the lost thumbnails. `canWrite` false (a read-only library): verifying a copy
    /// from before hashes makes no thumbnail, so it is left unjudged.
    static func examine(_ entries: [Entry], location: LibraryLocation, preparer: PhotoPreparer, canWrite: Bool,
                        into findings: inout Findings) {
        // Each copy and thumbnail is looked at with an `lstat` of its own rather than found in
        // a listing of its folder: at 1,000,000 photos, the two listings kept as sets were
        // hundreds of MB at the check's peak, for about the same CPU.
        for entry in entries {
            let path = location.photoURL(fileName: entry.fileName).path
            // A missing copy is the open's report (`RecoveryReport.missingPhotos`), not this one's.
            guard let current = FileStamp(path: path) else { continue }
            var healthy = !entry.isDamaged
            if entry.stamp == nil && !entry.isDamaged {
                // From before v9: nothing to compare with, so what is there now is taken as
                // the photo (reading 100,000 copies once would take minutes).
                findings.stamps.append((entry.id, current))
            } else if entry.stamp != current || entry.isDamaged {
                switch verify(entry, path: path, stamp: current, preparer: preparer, canWrite: canWrite) {
                case .intact(let madeThumbnail):
                    findings.stamps.append((entry.id, current))
                    if entry.isDamaged { findings.repaired.append(entry.id) }
                    // Its thumbnail was just made from the bytes there now.
                    if madeThumbnail { continue }
                    healthy = true
                case .damaged:
                    findings.damaged.append(entry)
                    healthy = false
                case .unknown:
                    // Left for the next open (a decoder that failed, a file that cannot be read).
                    continue
                }
            }
            let thumbnail = location.thumbnailURL(photoFileName: entry.fileName, format: entry.thumbnailFormat).path
            if healthy && FileStamp(path: thumbnail) == nil { findings.lostThumbnails.append(entry) }
        }
    }

    enum Verdict {
        case intact(madeThumbnail: Bool)
        case damaged
        case unknown
    }

    /// Whether a copy whose stamp changed still holds the photo: by its hash where one is
    /// stored, else by whether the decoder child makes a picture of it.
    private static func verify(_ entry: Entry, path: String, stamp: FileStamp, preparer: PhotoPreparer,
                               canWrite: Bool) -> Verdict {
        guard stamp.size > 0 else { return .damaged }
        if let stored = entry.contentHash {
            guard let hash = ContentHash.ofFile(atPath: path) else { return .unknown }
            return hash == stored ? .intact(madeThumbnail: false) : .damaged
        }
        guard canWrite else { return .unknown }
        do {
            // A picture of the bytes there now: the thumbnail the tile should show.
            try makeThumbnail(of: entry, preparer: preparer)
            return .intact(madeThumbnail: true)
        } catch {
            switch error {
            case .corrupt, .damaged, .notAnImage, .unsupportedFormat, .empty, .tooManyPixels: return .damaged
            default: return .unknown
            }
        }
    }

    /// Makes `entry`'s thumbnail from its library copy, in a confined decoder child, as an
    /// import does, and saves it atomically. The thumbnails folder is made again if it was
    /// deleted: Drover made it.
    static func makeThumbnail(of entry: Entry, preparer: PhotoPreparer) throws(ImportFailureReason) {
        let folder = preparer.location.thumbnailsDirectory.path
        if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw AtomicFile.writeFailure(errno) }
        try preparer.makeThumbnail(of: preparer.location.photoURL(fileName: entry.fileName).path, fileName: entry.fileName,
                                   format: entry.thumbnailFormat)
    }

    /// Makes the lost thumbnails again, one at a time (one decoder server: the others stay
    /// free for the tiles in view, which ask for theirs first). A thumbnail that appeared
    /// meanwhile (a tile asked for it) is not made twice.
    static func rebuild(_ lost: [Entry], preparer: PhotoPreparer, into report: inout FileCheckReport) {
        for entry in lost {
            let thumbnail = preparer.location.thumbnailURL(photoFileName: entry.fileName, format: entry.thumbnailFormat).path
            guard access(thumbnail, F_OK) != 0 else { continue }
            do {
                try makeThumbnail(of: entry, preparer: preparer)
                report.rebuiltThumbnails += 1
            } catch {
                report.thumbnailFailures.append(.init(fileName: entry.fileName, reason: error))
            }
        }
    }
}
