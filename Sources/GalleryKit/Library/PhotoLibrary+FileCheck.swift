import DecoderKit
import Foundation
import GRDB

extension PhotoLibrary {
    /// Checks the library's files after the open (`FileCheck`): copies that are no longer
    /// the photos Drover stored are flagged damaged (their tiles are published as updated),
    /// and lost thumbnails (a deleted file, or the whole thumbnails/ folder) are made again
    /// from their photos in the decoder child. Logs what it found and returns it.
    ///
    /// Call once, after the window shows its tiles (or before `--import-only` imports):
    /// it runs on a thread of its own, and for a library that lost every thumbnail it takes
    /// as long as decoding them all. A read-only library is only examined: nothing is
    /// written, flagged or made.
    public func checkFiles() async -> FileCheckReport {
        let (location, preparer, canWrite) = (location, preparer, !isReadOnly)
        let pool = pool
        let examined = await BlockingWork.runAtLowestPriority { () -> FileCheck.Findings? in
            let findings = Self.examineEveryPhoto(pool, location: location, preparer: preparer, canWrite: canWrite)
            // Every photo's entry was read, a page at a time (the pages' temporaries, which
            // glibc keeps): handed back on this thread, once `examineEveryPhoto` let go of them.
            // (Trimmed in the awaiting task, while every entry was read at once, the trim raced
            // the release of a closure that held them: resident memory at 1,000,000 photos
            // settled 140 MB higher in about half the runs.)
            FreedMemory.giveBack()
            return findings
        }
        guard let findings = examined else { return FileCheckReport() }
        var report = FileCheckReport()
        report.damagedPhotos = findings.damaged.map(\.id)
        report.damagedFiles = findings.damaged.map(\.fileName)
        if canWrite { await record(findings) }
        if canWrite && !findings.lostThumbnails.isEmpty {
            report = await BlockingWork.runAtLowestPriority { [report] in
                var report = report
                FileCheck.rebuild(findings.lostThumbnails, preparer: preparer, into: &report)
                return report
            }
        }
        if canWrite {
            // Made when a tile asked before the check got to them: rebuilt all the same.
            report.rebuiltThumbnails += thumbnailsRemadeForTiles.withLock { count in
                defer { count = nil }
                return count ?? 0
            }
        }
        for line in report.logLines { GalleryLog.note(line) }
        return report
    }

    /// Examines every photo's files, reading their entries a page at a time (`FileCheck.pageSize`);
    /// nil if the rows cannot be read, and what the pages before it found if a later read fails
    /// (the next open checks again). A page is its own read: a photo added meanwhile is
    /// examined if its page comes later, one removed meanwhile has no copy to examine
    /// (missing copies are the open's report). Blocking.
    private static func examineEveryPhoto(_ pool: DatabasePool, location: LibraryLocation, preparer: PhotoPreparer,
                                          canWrite: Bool) -> FileCheck.Findings? {
        var findings = FileCheck.Findings()
        var last: PhotoID?
        while true {
            guard let page = try? pool.read({ db in try FileCheck.page(db, after: last) }) else { return last == nil ? nil : findings }
            guard let lastInPage = page.last else { return findings }
            FileCheck.examine(page, location: location, preparer: preparer, canWrite: canWrite, into: &findings)
            last = lastInPage.id
        }
    }

    /// Stores the new stamps, and flags (or clears) damaged copies, publishing their tiles as
    /// updated. A healthy library whose stamps are all stored writes nothing.
    private func record(_ findings: FileCheck.Findings) async {
        let newlyDamaged = findings.damaged.filter { !$0.isDamaged }.map(\.id)
        let repaired = findings.repaired
        do {
            // In slices: the first check of a big library from before v9 stores 100,000
            // stamps, and one transaction would hold the writer (every change the user
            // makes meanwhile) for about a second.
            var start = 0
            while start < findings.stamps.count {
                let slice = Array(findings.stamps[start..<min(start + Self.stampsPerTransaction, findings.stamps.count)])
                start += slice.count
                try await write { db in
                    for (id, stamp) in slice {
                        try db.execute(sql: "UPDATE photo SET fileSize = ?, fileModified = ? WHERE id = ?",
                                       arguments: [stamp.size, stamp.modified, id.rawValue])
                    }
                }
            }
            guard !newlyDamaged.isEmpty || !repaired.isEmpty else { return }
            try await mutate { changes in
                for (ids, flag) in [(newlyDamaged, 1), (repaired, 0)] {
                    for id in ids {
                        try changes.db.execute(sql: "UPDATE photo SET fileDamaged = ? WHERE id = ?", arguments: [flag, id.rawValue])
                    }
                }
                changes.touch(newlyDamaged + repaired)
            }
        } catch {
            // The next open checks again; the report still says what was found.
            GalleryLog.note("the file check's findings could not be saved: \(error)")
        }
    }

    private static var stampsPerTransaction: Int { 2_000 }

    /// Makes a lost thumbnail again, given the URL a tile asked for (`GalleryItem.Cover.thumbnailURL`):
    /// when its file is gone but its photo's copy is there and not damaged, it is made from
    /// the copy in the decoder child, off the caller's thread, and saved atomically. True when
    /// the thumbnail file is there afterwards. A URL of anything else is left alone.
    public func remakeLostThumbnail(at url: URL) async -> Bool {
        let folder = location.thumbnailsDirectory.standardizedFileURL.path
        guard !isReadOnly, url.isFileURL, url.deletingLastPathComponent().standardizedFileURL.path == folder else { return false }
        let name = url.lastPathComponent
        guard let format = ThumbnailFormat.allCases.first(where: { name.hasSuffix("." + $0.fileExtension) }) else { return false }
        let fileName = String(name.dropLast(format.fileExtension.count + 1))
        let entry = try? await read { db in
            try FileCheck.entries(db, fileName: fileName).first { $0.thumbnailFormat == format && !$0.isDamaged }
        }
        guard let entry else { return false }
        let (location, preparer) = (location, preparer)
        let made = await BlockingWork.run { () -> Bool? in
            let thumbnail = location.thumbnailURL(photoFileName: fileName, format: format).path
            if access(thumbnail, F_OK) == 0 { return false }
            guard access(location.photoURL(fileName: fileName).path, F_OK) == 0 else { return nil }
            do {
                try FileCheck.makeThumbnail(of: entry, preparer: preparer)
                return true
            } catch {
                GalleryLog.note("thumbnail not rebuilt: photos/\(fileName): \(error)")
                return nil
            }
        }
        guard let made else { return false }
        if made {
            let counted = thumbnailsRemadeForTiles.withLock { count in
                count = count.map { $0 + 1 }
                return count != nil
            }
            if !counted { GalleryLog.note("rebuilt 1 lost thumbnail from its photo: photos/\(fileName)") }
        }
        return true
    }
}
