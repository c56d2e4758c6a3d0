import DecoderKit
import Foundation
import GRDB

/// What one call of `PhotoLibrary.scanPendingPhotos` did.
public struct ScanSummary: Sendable, Hashable {
    /// Photos scanned (whether or not anything was found), failures included.
    public internal(set) var scanned = 0
    /// Photos that could not be decoded: they have no codes and are not tried again.
    public internal(set) var failed = 0
    /// QR codes found, in all.
    public internal(set) var codesFound = 0
    /// Place names found (for photos scanned now, and for earlier ones still without one).
    public internal(set) var placesNamed = 0
}

extension PhotoLibrary {
    /// Scans, in the background, every photo not scanned yet: its QR codes (zbar, on a
    /// downscaled copy) and its EXIF GPS position, plus the nearest place's name when a
    /// `placeFinder` is given. Each photo is scanned once; results are stored, and
    /// observers get update steps for tiles that gained a badge, a location or a place
    /// name, so the grid updates as results arrive.
    ///
    /// At most `concurrency` photos are decoded at once, on GalleryKit's own threads;
    /// results are written a few photos per transaction. Photos imported while it runs are
    /// scanned too. Calls may overlap: a photo is never scanned by two at once. Cancel the
    /// task to stop; photos not finished stay pending for the next call.
    ///
    /// Also names the places of photos that have a location but no place name yet (say,
    /// scanned before place data was available).
    ///
    /// - Throws: `LibraryError.storageFailed` if results cannot be written, or
    ///   `CancellationError`. A photo that cannot be scanned is not an error: it simply has
    ///   no codes.
    @discardableResult
    public func scanPendingPhotos(placeFinder: PlaceFinder? = nil,
                                  concurrency: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2),
                                  scanner: QRScanner = QRScanner()) async throws -> ScanSummary {
        var summary = ScanSummary()
        // Nothing learnt could be stored.
        guard !isReadOnly else { return summary }
        let work = PhotoScan(scanner: scanner)
        let claims = scanClaims
        // Without place data, codes and locations are still worth storing: say so once.
        var placeFinder = placeFinder
        if let finder = placeFinder {
            do {
                try await finder.load()
            } catch {
                GalleryLog.note("no place names: \(error)")
                placeFinder = nil
            }
        }
        while true {
            try Task.checkCancellation()
            let busy = claims.current
            // Newest first: the photos just imported (and probably on screen) get badges soonest.
            let pending = try await read { db in
                try Row.fetchAll(db, sql: "SELECT id, fileName FROM photo WHERE scanState = 0 ORDER BY id DESC LIMIT ?",
                                 arguments: [busy.count + 64])
                    .map { (PhotoID(rawValue: $0[0]), $0[1] as String) }
                    .filter { !busy.contains($0.0) }
            }
            let claimed = Set(claims.claim(pending.map(\.0)))
            let batch = pending.filter { claimed.contains($0.0) }
            guard !batch.isEmpty else { break }
            defer { claims.release(claimed) }
            try await scan(batch, with: work, placeFinder: placeFinder, concurrency: max(1, concurrency), into: &summary)
        }
        if let placeFinder { summary.placesNamed += try await nameUnnamedPlaces(with: placeFinder) }
        return summary
    }

    /// The QR codes found in a photo, in stored order; empty until it has been scanned.
    ///
    /// - Throws: `LibraryError.photoNotFound`.
    public func qrCodes(for photoID: PhotoID) async throws -> [QRCode] {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT width, height FROM photo WHERE id = ?", arguments: [photoID.rawValue]) else {
                throw LibraryError.photoNotFound(photoID)
            }
            return try QRCodeRow.fetch(db, photoID: photoID, imageSize: PixelSize(width: row[0], height: row[1]))
        }
    }

    /// Where the viewer's second decoder can start the scan of the photo's JPEG, found by its
    /// background scan; nil for a photo not scanned yet, not a large baseline JPEG, or gone.
    /// Checked again where it is used (the decode child): a child wrote it.
    public func jpegEntryPoint(for photoID: PhotoID) async -> JPEGEntryPoint? {
        let text = try? await read { db in
            try String.fetchOne(db, sql: "SELECT entry FROM jpegEntryPoint WHERE photoID = ?", arguments: [photoID.rawValue])
        }
        return text.flatMap { $0 }.flatMap { JPEGEntryPoint(text: $0) }
    }

    /// How many photos are still waiting for a scan.
    public func pendingScanCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE scanState = 0") ?? 0 }
    }

    // MARK: Steps

    /// Scans `batch` with bounded concurrency and writes results a few at a time.
    private func scan(_ batch: [(PhotoID, String)], with work: PhotoScan, placeFinder: PlaceFinder?,
                      concurrency: Int, into summary: inout ScanSummary) async throws {
        let location = location
        let writeEvery = 8
        var finished: [PhotoScanResult] = []
        try await withThrowingTaskGroup(of: PhotoScanResult?.self) { group in
            var next = 0
            func launch() {
                let (id, fileName) = batch[next]
                next += 1
                group.addTask {
                    if Task.isCancelled { return nil }
                    let path = location.photoURL(fileName: fileName).path
                    var result = await BlockingWork.run { work.run(id, path: path) }
                    if let placeFinder, let position = result.location {
                        result.placeName = await Self.placeName(for: position, with: placeFinder)
                    }
                    return result
                }
            }
            while next < min(concurrency, batch.count) { launch() }
            for try await result in group {
                if next < batch.count && !Task.isCancelled { launch() }
                guard let result else { continue }
                finished.append(result)
                if finished.count >= writeEvery {
                    try await store(finished, into: &summary)
                    finished.removeAll()
                }
            }
        }
        // Whatever finished is kept, even when cancelled.
        try await store(finished, into: &summary)
        try Task.checkCancellation()
    }

    /// Writes scan results; tiles that show something new are published as updates.
    private func store(_ results: [PhotoScanResult], into summary: inout ScanSummary) async throws {
        guard !results.isEmpty else { return }
        let stored = try await mutate { changes -> [PhotoScanResult] in
            var stored: [PhotoScanResult] = []
            for result in results {
                let location = result.location
                try changes.db.execute(
                    sql: """
                        UPDATE photo SET scanState = ?, latitude = ?, longitude = ?, altitude = ?,
                                         placeName = coalesce(?, placeName)
                        WHERE id = ? AND scanState = 0
                        """,
                    arguments: [result.state.rawValue, location?.latitude, location?.longitude, location?.altitude,
                                location == nil ? nil : result.placeName, result.photoID.rawValue])
                // Removed while it was being scanned: nothing to store.
                guard changes.db.changesCount > 0 else { continue }
                try QRCodeRow.replace(changes.db, photoID: result.photoID, with: result.codes)
                if let entryPoint = result.entryPoint {
                    try changes.db.execute(sql: "INSERT OR REPLACE INTO jpegEntryPoint (photoID, entry) VALUES (?, ?)",
                                           arguments: [result.photoID.rawValue, entryPoint.text])
                }
                if !result.codes.isEmpty || location != nil { changes.touch([result.photoID]) }
                stored.append(result)
            }
            return stored
        }
        for result in stored {
            summary.scanned += 1
            if result.state == .failed { summary.failed += 1 }
            summary.codesFound += result.codes.count
            if result.placeName != nil { summary.placesNamed += 1 }
        }
    }

    /// Names the places of located photos that have none yet. Returns how many it named.
    private func nameUnnamedPlaces(with finder: PlaceFinder) async throws -> Int {
        let unnamed = try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM photo WHERE latitude IS NOT NULL AND placeName IS NULL AND scanState != 0")
                .map { (PhotoID(rawValue: $0[0]), PhotoLocation(latitude: $0[1], longitude: $0[2])) }
        }
        var names: [(PhotoID, String)] = []
        for (id, position) in unnamed {
            if let name = await Self.placeName(for: position, with: finder) { names.append((id, name)) }
        }
        guard !names.isEmpty else { return 0 }
        let found = names
        return try await mutate { changes in
            var named = 0
            for (id, name) in found {
                try changes.db.execute(sql: "UPDATE photo SET placeName = ? WHERE id = ? AND placeName IS NULL",
                                       arguments: [name, id.rawValue])
                if changes.db.changesCount > 0 { named += 1; changes.touch([id]) }
            }
            return named
        }
    }

    /// The finder is loaded already (see `scanPendingPhotos`), so lookups cannot fail.
    private static func placeName(for location: PhotoLocation, with finder: PlaceFinder) async -> String? {
        try? await finder.placeName(for: location)
    }
}
