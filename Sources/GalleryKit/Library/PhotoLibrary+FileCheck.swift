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
        guard let entries = try? await pool.read({ db in try FileCheck.entries(db) }) else { return FileCheckReport() }
        let findings = await BlockingWork.runOnOwnThread {
            FileCheck.examine(entries, location: location, preparer: preparer, canWrite: canWrite)
        }
        var report = FileCheckReport()
        report.damagedPhotos = findings.damaged.map(\.id)
        report.damagedFiles = findings.damaged.map(\.fileName)
        if canWrite { await record(findings) }
        if canWrite && !findings.lostThumbnails.isEmpty {
            report = await BlockingWork.runOnOwnThread { [report] in
                var report = report
                FileCheck.rebuild(findings.lostThumbnails, preparer: preparer, into: &report)
                return report
            }
        }
        for line in report.logLines { GalleryLog.note(line) }
        return report
    }

    /// Stores the new stamps, and flags (or clears) damaged copies, publishing their tiles as
    /// updated. A healthy library whose stamps are all stored writes nothing.
    private func record(_ findings: FileCheck.Findings) async {
        let newlyDamaged = findings.damaged.filter { !$0.isDamaged }.map(\.id)
        let changed = newlyDamaged + findings.repaired
        guard !findings.stamps.isEmpty || !changed.isEmpty else { return }
        let stamps = findings.stamps
        @Sendable func write(_ db: Database) throws {
            for (id, stamp) in stamps {
                try db.execute(sql: "UPDATE photo SET fileSize = ?, fileModified = ?, fileDamaged = 0 WHERE id = ?",
                               arguments: [stamp.size, stamp.modified, id.rawValue])
            }
            for id in newlyDamaged {
                try db.execute(sql: "UPDATE photo SET fileDamaged = 1 WHERE id = ?", arguments: [id.rawValue])
            }
        }
        do {
            if changed.isEmpty {
                // Stamps alone (the first open after v8) change no tile: nothing to publish.
                try await self.write(write)
            } else {
                try await mutate { changes in
                    try write(changes.db)
                    changes.touch(changed)
                }
            }
        } catch {
            // The next open checks again; the report still says what was found.
            GalleryLog.note("the file check's findings could not be saved: \(error)")
        }
    }

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
        return await BlockingWork.run {
            let thumbnail = location.thumbnailURL(photoFileName: fileName, format: format).path
            if access(thumbnail, F_OK) == 0 { return true }
            guard access(location.photoURL(fileName: fileName).path, F_OK) == 0 else { return false }
            do {
                try FileCheck.makeThumbnail(of: entry, preparer: preparer)
                return true
            } catch {
                GalleryLog.note("thumbnail not rebuilt: photos/\(fileName): \(error)")
                return false
            }
        }
    }
}
