import CPixbuf
import DecoderKit
import Foundation
import ImageFormats

/// A file copied into the library with its thumbnail, waiting for its database row.
struct PreparedPhoto: Sendable, Hashable {
    var source: URL
    var fileName: String
    var originalFileName: String
    var title: String
    var pixelSize: PixelSize
    var fileDate: Date?
    /// From EXIF (`DateTimeOriginal`, else `DateTime`), if the file has a usable one.
    var dateTaken: Date? = nil
    /// From EXIF GPS, if the file has a usable position.
    var location: PhotoLocation? = nil
    /// XXH3-128 of the copy's bytes (see `ContentHash`), for finding duplicates.
    var contentHash: String? = nil
    /// How its thumbnail was written.
    var thumbnailFormat: ThumbnailFormat = .png
    /// The copy's size and modification time as written (schema v9).
    var fileStamp: FileStamp? = nil
}

/// Turns one user file into a prepared library photo, or a failure that leaves nothing
/// behind. Blocking: runs on `BlockingWork` threads, several at once.
struct PhotoPreparer: Sendable {
    let location: LibraryLocation
    let limits: ImportLimits
    let faults: FaultInjection
    /// Where copies' names are claimed (see `ImportJournal`).
    let journal: ImportJournal

    /// `cancellation` ends a wait for a decoder server (the import was cancelled).
    func prepare(_ source: ImportSource, cancellation: ImportCancellation? = nil) -> Result<PreparedPhoto, ImportFailureReason> {
        Result { () throws(ImportFailureReason) in try prepareOrThrow(source, cancellation: cancellation) }
    }

    private func prepareOrThrow(_ source: ImportSource, cancellation: ImportCancellation?) throws(ImportFailureReason) -> PreparedPhoto {
        let path = source.url.path
        // Read-only, and never a controlling terminal or a blocking FIFO: the original
        // is only ever read.
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard file >= 0 else { throw Self.openFailure(errno, path: path) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw .unreadable(detail: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
        guard info.st_size > 0 else { throw .empty }

        // The one rule, by content, that a folder's scan applies too (`ImportContentRule`).
        let content = ImageContent.recognize(ImageBytes(file: file, size: Int(info.st_size)))
        switch ImportContentRule.decide(content) {
        case .take: break
        case .unsupported(let name): throw .unsupportedFormat(name)
        case .notAnImage: throw .notAnImage
        }
        // The structure checks (complete, not a TIFF variant gdk-pixbuf decodes wrongly:
        // `StructureCheck`) and the bomb guard (more pixels than `limits.maxPixels`, measured
        // from the header: `--max-pixels`) are the decode child's, before it decodes, so that
        // no byte of the image's structure is parsed in Drover's own process.

        // Before anything is copied: a photo never needs more (see ImportLimits.maxFileBytes).
        guard info.st_size <= limits.maxFileBytes else { throw .fileTooLarge(bytes: info.st_size, limit: limits.maxFileBytes) }

        let originalName = source.url.lastPathComponent
        let thumbnailFormat = ThumbnailFormat.forPhoto(content: content)
        // Decoding the library's copy proves the stored bytes are a whole image: the child
        // first checks the structure is complete (gdk-pixbuf decodes a cut-off PNG, BMP or
        // WebP without an error, the rest grey), `StructureCheck`. It decodes the copy as
        // written, before its sync (`AtomicFile.copy`'s `beforeSync`), into a temp thumbnail
        // named once the copy is.
        let (fileName, upright, metadata, contentHash, fileStamp) = try TemporaryFiles.withNewPath(in: location.thumbnailsDirectory) {
            (thumbnail) throws(ImportFailureReason) in
            let made: (copied: AtomicFile.Copied, checked: (PixelSize, ExifMetadata))
            do throws(ImportFailureReason) {
                made = try AtomicFile.copy(from: file, into: location.photosDirectory, preferredName: originalName,
                                           maxBytes: limits.maxFileBytes, journal: journal, faults: faults) {
                    (copy) throws(ImportFailureReason) in
                    try decodeThumbnail(of: copy, to: thumbnail, format: thumbnailFormat, cancellation: cancellation)
                }
            } catch {
                // A thumbnail decoded before the copy failed to sync or be named: this temp name is ours.
                unlink(thumbnail)
                throw error
            }
            let (copied, (upright, metadata)) = made
            do throws(ImportFailureReason) {
                try AtomicFile.finish(thumbnail, as: location.thumbnailURL(photoFileName: copied.fileName, format: thumbnailFormat).path)
            } catch {
                // The copy was made here a moment ago and its name is claimed in the journal: ours.
                unlink(location.photoURL(fileName: copied.fileName).path)
                journal.release(copied.fileName)
                throw error
            }
            return (copied.fileName, upright, metadata, copied.contentHash, copied.stamp)
        }
        let exif = PhotoExif(metadata, fileName: originalName)
        let mtime = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        // The thumbnail's decode child read the EXIF too (no other child, no byte of it parsed
        // here), so a new photo has its date and location at once; the slower QR scan is left
        // to the background scan.
        return PreparedPhoto(source: source.url, fileName: fileName, originalFileName: originalName,
                             title: source.title ?? (originalName as NSString).deletingPathExtension,
                             pixelSize: upright, fileDate: Date(timeIntervalSince1970: mtime),
                             dateTaken: exif.dateTaken, location: exif.location,
                             contentHash: contentHash, thumbnailFormat: thumbnailFormat, fileStamp: fileStamp)
    }

    /// Decodes `path` to thumbnail size in a `drover-decode` helper, under the budgets of
    /// `ImportLimits` (see `DecoderProcess`), and saves thumbnails/<fileName>.png or .jpg
    /// (`format`) atomically. Returns the upright full size, and the EXIF the child read.
    @discardableResult
    func makeThumbnail(of path: String, fileName: String, format: ThumbnailFormat,
                       cancellation: ImportCancellation? = nil) throws(ImportFailureReason) -> (PixelSize, ExifMetadata) {
        try TemporaryFiles.withNewPath(in: location.thumbnailsDirectory) { (temporary) throws(ImportFailureReason) in
            let made = try decodeThumbnail(of: path, to: temporary, format: format, cancellation: cancellation)
            try AtomicFile.finish(temporary, as: location.thumbnailURL(photoFileName: fileName, format: format).path)
            return made
        }
    }

    /// Decodes `path` to a thumbnail at `temporary`, a temp path the caller renames. On
    /// failure nothing is left there. Returns the upright full size, and the EXIF the child read.
    private func decodeThumbnail(of path: String, to temporary: String, format: ThumbnailFormat,
                                 cancellation: ImportCancellation?) throws(ImportFailureReason) -> (PixelSize, ExifMetadata) {
        let decoder = DecoderProcess(childProgram: faults.decoderExecutable, limits: limits, cancellation: cancellation)
        let made = try decoder.makeThumbnailReadingExif(of: path, to: temporary, format: format)
        if let injected = faults.writeError {
            unlink(temporary)
            throw AtomicFile.writeFailure(injected)
        }
        return made
    }

    /// Starts the decoder servers that preparing `count` files will use, ahead of the
    /// first copy. Blocking (a few process starts, not their loading).
    func prewarmDecoders(for count: Int) {
        DecoderProcess(childProgram: faults.decoderExecutable, limits: limits).prewarmServers(for: count)
    }

    static func openFailure(_ code: Int32, path: String) -> ImportFailureReason {
        switch code {
        // Not open yet, so nothing says it ever existed; a folder import that saw it
        // turns this into `.vanished`.
        case ENOENT, ENOTDIR: return .doesNotExist
        case EISDIR: return .notAFile
        default:
            // A socket cannot be opened at all (ENXIO), a device may refuse: it is not a file to read.
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { return .notAFile }
            return .unreadable(detail: String(cString: strerror(code)))
        }
    }
}
