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

    /// Imports every image file under `directory`, recursively, in name order (hidden files
    /// and files without an image extension are skipped). Past
    /// `ImportLimits.maxFilesPerFolder` images, nothing is imported and
    /// `LibraryError.tooManyFiles` is thrown.
    public func importDirectory(_ directory: URL, into destination: ImportDestination = .allPhotos(),
                                progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        let limit = importLimits.maxFilesPerFolder
        let files = try await BlockingWork.run { try ImageFileFinder.images(in: directory, limit: limit) }
        return try await importFiles(files, into: destination, progress: progress)
    }

    /// Imports files with the titles to give them. See `importFiles(_:into:progress:)`.
    /// For one file at a time whose place is only known once it is ready (a drop's
    /// placeholder), use `prepareImport(_:)` and `commitImports(_:into:)`: the same two
    /// halves this runs, prepare then commit.
    public func importSources(_ sources: [ImportSource], into destination: ImportDestination = .allPhotos(),
                              progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        guard !isReadOnly else { throw LibraryError.readOnly(location.directory) }
        if case .album(let albumID, _) = destination {
            let exists = try await read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM album WHERE id = ?", arguments: [albumID.rawValue]) == true }
            guard exists else { throw LibraryError.albumNotFound(albumID) }
        }
        try Task.checkCancellation()

        let preparer = self.preparer
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
                    return (index, await BlockingWork.run { preparer.prepare(source) })
                }
            }
            while launched < min(importLimits.concurrency, sources.count) { launch() }

            for await (index, result) in group {
                ready[index] = result
                if launched < sources.count { launch() }
                // Commit the finished prefix once it fills a batch, or when all are in.
                var prefix = nextToCommit
                while ready[prefix] != nil { prefix += 1 }
                let preparedInPrefix = (nextToCommit..<prefix).count
                if preparedInPrefix >= importLimits.batchSize || prefix == sources.count {
                    let results = (nextToCommit..<prefix).map { (sources[$0].url, ready.removeValue(forKey: $0)!) }
                    nextToCommit = prefix
                    await commit(results, to: destination, run: &run)
                }
            }
        }
        return run.report
    }

    /// Writes one batch's rows; on failure removes its files, so nothing is left behind.
    private func commit(_ results: [(URL, Result<PreparedPhoto, ImportFailureReason>)],
                        to destination: ImportDestination, run: inout ImportRun) async {
        var prepared: [PreparedPhoto] = []
        for (source, result) in results {
            switch result {
            case .success(let photo): prepared.append(photo)
            case .failure(let reason): run.record(source, .failed(reason))
            }
        }
        guard !prepared.isEmpty else { return }
        let offset = run.report.imported.count
        do {
            let ids = try await commitPrepared(prepared, into: destination, offset: offset)
            for (photo, id) in zip(prepared, ids) { run.record(photo.source, .imported(id)) }
        } catch {
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
    func commitPrepared(_ photos: [PreparedPhoto], into destination: ImportDestination, offset: Int) async throws -> [PhotoID] {
        // The copies' names must be durable before rows point at them.
        let photosDirectory = location.photosDirectory
        await BlockingWork.run { AtomicFile.syncDirectory(photosDirectory) }
        let failCommit = faults.failImportCommit
        let location = location
        return try await mutate { changes in
            if failCommit { throw LibraryError.storageFailed(detail: "injected commit failure") }
            // Checked on the writer, so a discard of the same copy cannot slip in between.
            for photo in photos {
                if try Bool.fetchOne(changes.db, sql: "SELECT 1 FROM photo WHERE fileName = ?", arguments: [photo.fileName]) == true {
                    throw LibraryError.preparedImportUnavailable(source: photo.source, detail: "it is in the library already")
                }
                guard access(location.photoURL(fileName: photo.fileName).path, F_OK) == 0 else {
                    throw LibraryError.preparedImportUnavailable(source: photo.source, detail: "its prepared copy was removed")
                }
            }
            return try changes.insertImported(photos, into: destination, offset: offset)
        }
    }
}

/// The running tally of one import.
private struct ImportRun {
    let total: Int
    let progress: (@Sendable (ImportProgress) -> Void)?
    var report = ImportReport()
    var completed = 0

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
                    INSERT INTO photo (fileName, originalFileName, title, width, height, fileDate, dateAdded,
                                       latitude, longitude, altitude)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [photo.fileName, photo.originalFileName, photo.title, photo.pixelSize.width,
                            photo.pixelSize.height, photo.fileDate?.timeIntervalSince1970, now.timeIntervalSince1970,
                            photo.location?.latitude, photo.location?.longitude, photo.location?.altitude])
            ids.append(PhotoID(rawValue: db.lastInsertedRowID))
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
