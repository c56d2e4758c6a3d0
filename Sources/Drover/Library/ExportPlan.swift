import Foundation
import GalleryKit
import Localization

/// What Export… takes out of the library, and what it says when it is done. No GTK and no
/// files here (`PhotoExporter` writes them): the rules are tested in DroverTests.
struct ExportPlan {
    /// Every photo the tiles stand for, in the order given (a stack's photos in stack
    /// order), each once. Notes have no file: they are left out.
    let members: [GalleryItem.Member]

    init(items: [GalleryItem]) {
        var seen = Set<PhotoID>()
        members = items.flatMap(\.members).filter { seen.insert($0.photoID).inserted }
    }
}

/// How an export ended: the files written, the photos that could not be, and whether the
/// user cancelled it before the end.
struct ExportOutcome: Sendable, Equatable {
    struct Failure: Sendable, Equatable {
        let title: String
        let reason: ImportFailureReason
    }

    /// How many photos the export was asked for.
    let total: Int
    var written: [URL] = []
    var failures: [Failure] = []
    var cancelled = false

    /// The toast's sentence, also what a screen reader hears: "Exported 12 photos to Trip.";
    /// on failures, the first one's reason in full and how many others failed.
    func summary(folder: String) -> String {
        let count = written.count
        var parts: [String] = []
        if cancelled {
            parts.append(ntr("Export cancelled: {written} of {count} photo was exported to {folder}.",
                             "Export cancelled: {written} of {count} photos were exported to {folder}.",
                             total, ["written": count, "folder": folder]))
        } else if failures.isEmpty {
            parts.append(ntr("Exported {count} photo to {folder}.", "Exported {count} photos to {folder}.", count,
                             ["folder": folder]))
        } else if count > 0 {
            parts.append(ntr("Exported {written} of {count} photo to {folder}.", "Exported {written} of {count} photos to {folder}.",
                             total, ["written": count, "folder": folder]))
        }
        if let first = failures.first {
            parts.append(ErrorWording.exportFailed(first.title, to: folder, first.reason))
            if failures.count > 1 {
                parts.append(ntr("{count} other photo could not be exported.", "{count} other photos could not be exported.",
                                 failures.count - 1))
            }
        }
        return parts.joined(separator: " ")
    }

    /// While the export runs: "Exporting 3 of 12 photos to Trip…".
    static func progress(done: Int, total: Int, folder: String) -> String {
        ntr("Exporting {done} of {count} photo to {folder}…", "Exporting {done} of {count} photos to {folder}…", total,
            ["done": done, "folder": folder])
    }
}
