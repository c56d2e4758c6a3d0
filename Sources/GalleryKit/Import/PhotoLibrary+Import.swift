// GalleryKit/Import: bringing photos in. Copy, verify (hash, completeness from
// ImageFormats), decode and thumbnail (through DecoderKit's drover-decode helper, by
// DecoderProcess), check for duplicates, then commit in batches; folder scans and the
// reasons an import fails or skips a file. Neighbours: EXIF and dates read at import are
// Metadata/'s, atomic writes and the library folder Files/', the rows written Store/'s.

import Foundation
import GRDB

extension PhotoLibrary {
    /// Imports files: each is copied into the library (the original is only read),
    /// verified by decoding, measured and thumbnailed, off the caller's thread, several
    /// at once. Photos land at the destination in the order given. A file that fails
    /// is reported with its reason and leaves nothing behind; the others go on.
    ///
    /// - Throws: only for the import as a whole (the album is gone, the task was
    ///   cancelled before anything started); per-file problems are in the report.
    public func importFiles(_ urls: [URL], into destination: ImportDestination = .allPhotos(),
                            progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        try await importSources(urls.map { ImportSource(url: $0) }, into: destination, progress: progress)
    }

    /// Imports every image file under `directory`, recursively, in name order. Every other
    /// entry is in the report's `skipped` with its reason (hidden, not an image, a name
    /// that is not text, a folder that cannot be read…); progress covers the images only.
    /// Past `ImportLimits.maxFilesPerFolder` images, nothing is imported and
    /// `LibraryError.tooManyFiles` is thrown.
    public func importDirectory(_ directory: URL, into destination: ImportDestination = .allPhotos(),
                                progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        let limit = importLimits.maxFilesPerFolder
        let scan = try await BlockingWork.run { try ImageFileFinder.scan(directory, limit: limit) }
        let sources = scan.images.map { url in
            var source = ImportSource(url: url)
            source.seenByScan = true
            return source
        }
        var report = try await importSources(sources, into: destination, progress: progress)
        report.skipped = scan.skipped
        return report
    }

    /// Starts the decoder servers that an import of `count` files will use, before any
    /// library is open: for a caller that knows an import is coming (`drover
    /// --import-only`), so that the servers load beside the library's opening rather than
    /// after it. Each import starts any that are missing itself; this only comes earlier.
    /// Blocking for a few process starts (not their loading).
    public static func prewarmDecoders(for count: Int, limits: ImportLimits = ImportLimits()) {
        DecoderProcess(limits: limits).prewarmServers(for: count)
    }

    /// Imports files with the titles to give them. See `importFiles(_:into:progress:)`.
    /// For one file at a time whose place is only known once it is ready (a drop's
    /// placeholder), use `prepareImport(_:)` and `commitImports(_:into:)`: the same two
    /// halves this runs, prepare then commit.
    public func importSources(_ sources: [ImportSource], into destination: ImportDestination = .allPhotos(),
                              progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        guard !isReadOnly else { throw LibraryError.readOnly(location.directory) }
        let preparer = self.preparer
        await BlockingWork.run { preparer.prewarmDecoders(for: sources.count) }
        if case .album(let albumID, _) = destination {
            let exists = try await read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM album WHERE id = ?", arguments: [albumID.rawValue]) == true }
            guard exists else { throw LibraryError.albumNotFound(albumID) }
        }
        try Task.checkCancellation()

        var run = ImportRun(total: sources.count, progress: progress)
        // Results arrive in any order but are committed in source order, a batch at a
        // time, so photos land in the order given and the database sees few transactions.
        var ready: [Int: Result<PreparedPhoto, ImportFailureReason>] = [:]
        var nextToCommit = 0

        await withTaskGroup(of: (Int, Result<PreparedPhoto, ImportFailureReason>).self) { group in
            var launched = 0
            func launch() {
                let index = launched
                let source = sources[index]
                launched += 1
                group.addTask {
                    if Task.isCancelled { return (index, .failure(.cancelled)) }
                    let result = await ImportCancellation.runBlocking { preparer.prepare(source, cancellation: $0) }
                    // Not found now, but the scan saw it: it was removed during the import.
                    if case .failure(.doesNotExist) = result, source.seenByScan { return (index, .failure(.vanished)) }
                    return (index, await self.refusingDuplicate(result, of: source))
                }
            }
            while launched < min(importLimits.filesInFlight, sources.count) { launch() }

            for await (index, result) in group {
                ready[index] = result
                if launched < sources.count { launch() }
                // Commit the finished prefix once it fills a batch, or when all are in; and at
                // the import's tail (every file launched, fewer left than cores), as soon as any
                // is ready: a core is free there while the last decodes run, so the rows are
                // written beside them instead of after them (at 40 large photos, the batch of
                // all 40 took about 6 ms after the last decode; docs/benchmarks.md, thirteenth pass).
                var prefix = nextToCommit
                while ready[prefix] != nil { prefix += 1 }
                let preparedInPrefix = (nextToCommit..<prefix).count
                let atTail = launched == sources.count && sources.count - prefix < importLimits.concurrency
                if preparedInPrefix >= importLimits.batchSize || prefix == sources.count || (atTail && preparedInPrefix > 0) {
                    let results = (nextToCommit..<prefix).map { (sources[$0], ready.removeValue(forKey: $0)!) }
                    nextToCommit = prefix
                    await commit(results, to: destination, run: &run)
                }
            }
        }
        return run.report
    }

    /// Writes one batch's rows, in source order; on failure removes its files, so nothing
    /// is left behind. A file whose bytes repeat a photo this import brought in earlier is
    /// refused as already in the library, whatever the batches and the timing: its copy
    /// is checked against that photo's once the photo is committed.
    private func commit(_ results: [(ImportSource, Result<PreparedPhoto, ImportFailureReason>)],
                        to destination: ImportDestination, run: inout ImportRun) async {
        var firsts: [PreparedPhoto] = []
        var repeats: [PreparedPhoto] = []
        var hashesInBatch = Set<String>()
        for (source, result) in results {
            switch result {
            case .success(let photo):
                if !source.allowsDuplicate, let hash = photo.contentHash,
                   run.importedByHash[hash] != nil || hashesInBatch.contains(hash) {
                    repeats.append(photo)
                } else {
                    if let hash = photo.contentHash { hashesInBatch.insert(hash) }
                    firsts.append(photo)
                }
            case .failure(let reason): run.record(source.url, .failed(reason))
            }
        }
        await commitAndRecord(firsts, to: destination, run: &run)
        guard !repeats.isEmpty else { return }
        // Each repeat against the photo of its bytes that this import committed: the same
        // bytes are refused (its copy goes), anything else (its first failed, or a hash
        // collision) is committed after all.
        let earlier = repeats.map { run.importedByHash[$0.contentHash ?? ""] }
        let (location, journal, checked) = (location, journal, repeats)
        let refused: [Bool] = await BlockingWork.run {
            zip(checked, earlier).map { photo, original in
                guard let original,
                      ContentHash.sameBytes(location.photoURL(fileName: photo.fileName).path,
                                            location.photoURL(fileName: original.fileName).path) else { return false }
                location.removeUncommittedCopy(fileName: photo.fileName)
                journal.release(photo.fileName)
                return true
            }
        }
        for (photo, (original, isRefused)) in zip(repeats, zip(earlier, refused)) where isRefused {
            run.record(photo.source, .failed(.alreadyInLibrary(existing: original!.id, title: original!.title)))
        }
        await commitAndRecord(zip(repeats, refused).filter { !$0.1 }.map(\.0), to: destination, run: &run)
    }

    /// Commits `photos` in one transaction and records each outcome in `run`.
    private func commitAndRecord(_ prepared: [PreparedPhoto], to destination: ImportDestination, run: inout ImportRun) async {
        guard !prepared.isEmpty else { return }
        let offset = run.report.imported.count
        if let removeCopy = faults.removeCopyBeforeCommit, let photo = prepared.first(where: { $0.originalFileName == removeCopy }) {
            location.removeUncommittedCopy(fileName: photo.fileName)
        }
        do {
            let outcomes = try await commitAvailable(prepared, into: destination, offset: offset)
            for (photo, outcome) in zip(prepared, outcomes) {
                switch outcome {
                case .success(let id):
                    run.record(photo.source, .imported(id))
                    if let hash = photo.contentHash, run.importedByHash[hash] == nil {
                        run.importedByHash[hash] = (id, photo.title, photo.fileName)
                    }
                case .failure(let reason): run.record(photo.source, .failed(reason))
                }
            }
        } catch {
            // The whole transaction failed (storage, disk full): the same cause for every photo,
            // each named by its own failure.
            let detail = (error as? LibraryError)?.message ?? String(describing: error)
            let (location, journal, batch) = (location, journal, prepared)
            await BlockingWork.run {
                for photo in batch {
                    location.removeUncommittedCopy(fileName: photo.fileName)
                    journal.release(photo.fileName)
                }
            }
            for photo in prepared { run.record(photo.source, .failed(.writeFailed(detail: detail))) }
        }
    }
}

extension PhotoLibrary {
    /// The commit half of every import: makes the copies' names durable, then writes the
    /// rows and the collection entries in one transaction and publishes the insert steps.
    /// `offset` shifts a given index for a batch that follows earlier batches of one import.
    /// On failure nothing is written; the copies stay for the caller to retry or remove.
    ///
    /// - Throws: `LibraryError.preparedImportUnavailable` naming the first photo that
    ///   cannot be committed, or `LibraryError.storageFailed`.
    func commitPrepared(_ photos: [PreparedPhoto], into destination: ImportDestination, offset: Int) async throws -> [PhotoID] {
        try await commit(photos, into: destination, offset: offset, partial: false).map { try $0.get() }
    }

    /// Like `commitPrepared`, but a photo that cannot be committed is left out with its own
    /// reason, and the others are committed. The outcomes are in the order given.
    ///
    /// A photo left out because its copy is gone also loses its thumbnail and its journal
    /// entry: the journal kept the name claimed all along, so nobody else can have made a
    /// file of that name since.
    private func commitAvailable(_ photos: [PreparedPhoto], into destination: ImportDestination,
                                 offset: Int) async throws -> [Result<PhotoID, ImportFailureReason>] {
        try await commit(photos, into: destination, offset: offset, partial: true)
    }

    private static let copyRemovedDetail = "its copy in the library was removed before it could be saved"

    private func commit(_ photos: [PreparedPhoto], into destination: ImportDestination, offset: Int,
                        partial: Bool) async throws -> [Result<PhotoID, ImportFailureReason>] {
        // The copies' names must be durable before rows point at them.
        let photosDirectory = location.photosDirectory
        await BlockingWork.run { AtomicFile.syncDirectory(photosDirectory) }
        let failCommit = faults.failImportCommit
        let location = location
        return try await mutate { changes in
            if failCommit { throw LibraryError.storageFailed(detail: "injected commit failure") }
            // Checked on the writer, so a discard of the same copy cannot slip in between.
            var unavailable: [Int: String] = [:]
            for (index, photo) in photos.enumerated() {
                let detail: String?
                if try Bool.fetchOne(changes.db, sql: "SELECT 1 FROM photo WHERE fileName = ?", arguments: [photo.fileName]) == true {
                    detail = "it is in the library already"
                } else if access(location.photoURL(fileName: photo.fileName).path, F_OK) != 0 {
                    detail = Self.copyRemovedDetail
                    if partial {
                        location.removeUncommittedCopy(fileName: photo.fileName)
                        try ImportJournal.forget(photo.fileName, in: changes.db)
                    }
                } else {
                    detail = nil
                }
                guard let detail else { continue }
                if !partial { throw LibraryError.preparedImportUnavailable(source: photo.source, detail: detail) }
                unavailable[index] = detail
            }
            let available = photos.indices.filter { unavailable[$0] == nil }
            var ids = try changes.insertImported(available.map { photos[$0] }, into: destination, offset: offset).makeIterator()
            return photos.indices.map { index in
                if let detail = unavailable[index] { return .failure(.writeFailed(detail: detail)) }
                return .success(ids.next()!)
            }
        }
    }
}

/// The running tally of one import.
private struct ImportRun {
    let total: Int
    let progress: (@Sendable (ImportProgress) -> Void)?
    var report = ImportReport()
    var completed = 0
    /// The photos this import committed, by content hash: what a later repeat of the same
    /// bytes is refused as.
    var importedByHash: [String: (id: PhotoID, title: String, fileName: String)] = [:]

    mutating func record(_ source: URL, _ outcome: ImportProgress.Outcome) {
        completed += 1
        switch outcome {
        case .imported(let id): report.imported.append(ImportedPhoto(source: source, id: id))
        case .failed(let reason): report.failures.append(ImportFailure(source: source, reason: reason))
        }
        progress?(ImportProgress(source: source, outcome: outcome, completed: completed, total: total))
    }
}

extension ChangeSet {
    func insertImported(_ photos: [PreparedPhoto], into destination: ImportDestination, offset: Int) throws -> [PhotoID] {
        let now = Date()
        var ids: [PhotoID] = []
        for photo in photos {
            try db.execute(
                sql: """
                    INSERT INTO photo (fileName, originalFileName, title, width, height, fileDate, dateTaken, dateState,
                                       dateAdded, latitude, longitude, altitude, contentHash, thumbnailFormat,
                                       fileSize, fileModified)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [photo.fileName, photo.originalFileName, photo.title, photo.pixelSize.width,
                            photo.pixelSize.height, photo.fileDate?.timeIntervalSince1970,
                            photo.dateTaken?.timeIntervalSince1970, now.timeIntervalSince1970,
                            photo.location?.latitude, photo.location?.longitude, photo.location?.altitude,
                            photo.contentHash, photo.thumbnailFormat.rawValue,
                            photo.fileStamp?.size, photo.fileStamp?.modified])
            let id = PhotoID(rawValue: db.lastInsertedRowID)
            ids.append(id)
            recordCommit(of: CommitID(rawValue: photo.fileName), as: .photo(id))
            try ImportJournal.forget(photo.fileName, in: db)
        }
        switch destination {
        case .allPhotos(let index):
            try editMain { main in
                let start = index.map { $0 + offset } ?? main.count
                for (k, id) in ids.enumerated() { main.insert(.photo(id), at: min(start + k, main.count)) }
            }
        case .album(let albumID, let index):
            try editMain { main in for id in ids { main.insert(.photo(id), at: main.count) } }
            try editAlbum(albumID) { album in
                let start = index.map { $0 + offset } ?? album.count
                for (k, id) in ids.enumerated() { album.insert(id, at: min(start + k, album.count)) }
            }
        }
        return ids
    }
}
