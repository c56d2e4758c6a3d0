import GalleryKit

/// The toast after an import whose outcome has no placeholder to show it on,
/// or that the user asked for from outside (`drover FILE…`): how many photos
/// arrived, each failure with its reason, and what a folder held that was skipped.
enum ImportSummary {
    /// "Imported 3 photos. Could not import: a.png: why. Skipped 4 (2 hidden): notes.txt: not an image"
    /// ("Added 3 photos to Animals." for an `album`). Hidden files are only counted; the
    /// other skips are named, as failures are.
    static func text(imported: Int, failures: [String], skipped: [ImportSkip] = [], album: String? = nil) -> String {
        let count = imported == 1 ? "1 photo" : "\(imported) photos"
        var text = album.map { "Added \(count) to \($0)." } ?? "Imported \(count)."
        if !failures.isEmpty { text += " Could not import: " + listed(failures) }
        let named = skipped.filter { $0.reason != .hidden }
        let hidden = skipped.count - named.count
        if named.isEmpty, hidden > 0 {
            text += hidden == 1 ? " Skipped 1 hidden file." : " Skipped \(hidden) hidden files."
        } else if !named.isEmpty {
            text += (failures.isEmpty ? "" : ".") + " Skipped \(skipped.count)" + (hidden > 0 ? " (\(hidden) hidden)" : "")
            text += ": " + listed(named.map(\.message))
        }
        return text
    }

    /// What a screen reader hears once a drop or paste has landed: "Pasted 2 photos.",
    /// "Imported 12 photos, 1 failed." (each failure is shown on its own tile).
    @MainActor static func spoken(imported: Int, failed: Int, pasted: Bool) -> String {
        var text = (pasted ? "Pasted " : "Imported ") + GalleryController.noun(count: imported)
        if failed > 0 { text += ", \(failed) failed" }
        return text + "."
    }

    /// The first three, and how many more.
    private static func listed(_ items: [String]) -> String {
        let more = items.count > 3 ? " (and \(items.count - 3) more)" : ""
        return items.prefix(3).joined(separator: "; ") + more
    }
}
