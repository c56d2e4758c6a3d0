import GalleryKit
import Localization

/// The totals of every import of one `drover --import-only` run: imported + already in the
/// library + failed + skipped is every file given and every entry found in the folders given.
struct ImportOnlyTally: Equatable {
    var imported = 0, duplicates = 0, failed = 0, skipped = 0, hidden = 0
    /// Skips of things that may hold photos and were not looked at (an unreadable
    /// folder, a name that is not text…), as opposed to files that are plainly not photos.
    var needingAttention = 0

    mutating func add(_ report: ImportReport) {
        imported += report.imported.count
        for failure in report.failures {
            if case .alreadyInLibrary = failure.reason { duplicates += 1 } else { failed += 1 }
        }
        skipped += report.skipped.count
        hidden += report.skipped.count { $0.reason == .hidden }
        needingAttention += report.skipped.count { $0.reason.needsAttention }
    }

    /// "Imported 3 photos, 2 already in your library, 1 failed, 4 skipped (3 hidden)": the
    /// duplicates only when there are some.
    var summary: String {
        var parts = [ntr("Imported {count} photo", "Imported {count} photos", imported)]
        if duplicates > 0 { parts.append(ntr("{count} already in your library", "{count} already in your library", duplicates)) }
        parts.append(ntr("{count} failed", "{count} failed", failed))
        parts.append(hidden > 0
            ? ntr("{count} skipped ({hidden} hidden)", "{count} skipped ({hidden} hidden)", skipped, ["hidden": hidden])
            : ntr("{count} skipped", "{count} skipped", skipped))
        return parts.joined(separator: tr(", "))
    }

    /// 1 when a file failed or something that may hold photos was not looked at; a folder's
    /// other files (not images, hidden) are normal and do not count, and neither are photos
    /// already in the library: running the same import again succeeds.
    var exitStatus: Int32 { failed == 0 && needingAttention == 0 ? 0 : 1 }
}
