import GalleryKit
import Localization

/// The toast after an import whose outcome has no placeholder to show it on,
/// or that the user asked for from outside (`drover FILE…`): how many photos
/// arrived, each failure with its reason, and what a folder held that was skipped.
enum ImportSummary {
    /// "Imported 3 photos. harbour.png is already in your library. Could not import: a.png: why.
    /// Skipped 4 (2 hidden): notes.txt: not an image" ("Added 3 photos to Animals." for an
    /// `album`). Files already in the library (`duplicates`, by name) are not failures: they
    /// are said apart, and alone when nothing else happened ("harbour.png is already in
    /// your library."). Hidden files are only counted; the other skips are named, as failures are.
    /// A folder dropped to make an album says "Made album “Trip” with 12 photos." (`newAlbum`,
    /// counting the photos of the album, duplicates included), or that it made none
    /// (`emptyFolder`, the folder's name), before the rest.
    static func text(imported: Int, failures: [String], skipped: [ImportSkip] = [], duplicates: [String] = [],
                     album: String? = nil, newAlbum: String? = nil, emptyFolder: String? = nil) -> String {
        let count = GalleryController.noun(count: imported)
        var sentences: [String] = []
        if let newAlbum {
            sentences.append(tr("Made album “{album}” with {photos}.", ["album": newAlbum, "photos": count]))
        } else if let emptyFolder {
            sentences.append(tr("“{folder}” holds no photos Drover can import: no album made.", ["folder": emptyFolder]))
        } else if imported > 0 || duplicates.isEmpty {
            sentences.append(album.map { tr("Added {photos} to {album}.", ["photos": count, "album": $0]) }
                ?? tr("Imported {photos}.", ["photos": count]))
        }
        if !duplicates.isEmpty {
            sentences.append(ntr("{files} is already in your library.", "{files} are already in your library.",
                                 duplicates.count, ["files": listed(duplicates, separator: ", ")]))
        }
        var text = sentences.joined(separator: " ")
        if !failures.isEmpty { text += " " + tr("Could not import: {failures}", ["failures": listed(failures)]) }
        let named = skipped.filter { $0.reason != .hidden }
        let hidden = skipped.count - named.count
        if named.isEmpty, hidden > 0 {
            text += " " + ntr("Skipped {count} hidden file.", "Skipped {count} hidden files.", hidden)
        } else if !named.isEmpty {
            let list = listed(named.map(\.message))
            text += (failures.isEmpty ? "" : ".") + " " + (hidden > 0
                ? ntr("Skipped {count} ({hidden} hidden): {list}", "Skipped {count} ({hidden} hidden): {list}",
                      skipped.count, ["hidden": hidden, "list": list])
                : ntr("Skipped {count}: {list}", "Skipped {count}: {list}", skipped.count, ["list": list]))
        }
        return text
    }

    /// What a screen reader hears once a drop or paste has landed: "Pasted 2 photos.",
    /// "Imported 12 photos, 1 failed." (each failure is shown on its own tile).
    /// A single item that did not come in is told by its reason ("Already in your
    /// library: “Chelsea the cat”."), not as "0 photos, 1 failed".
    @MainActor static func spoken(imported: Int, failures: [String], pasted: Bool) -> String {
        if imported == 0, failures.count == 1 { return failures[0] }
        let failed = failures.count
        let photos = GalleryController.noun(count: imported)
        switch (pasted, failed) {
        case (true, 0): return tr("Pasted {photos}.", ["photos": photos])
        case (false, 0): return tr("Imported {photos}.", ["photos": photos])
        case (true, _): return ntr("Pasted {photos}, {count} failed.", "Pasted {photos}, {count} failed.", failed, ["photos": photos])
        case (false, _): return ntr("Imported {photos}, {count} failed.", "Imported {photos}, {count} failed.", failed, ["photos": photos])
        }
    }

    /// The first three, and how many more.
    private static func listed(_ items: [String], separator: String = "; ") -> String {
        let more = items.count > 3 ? " " + ntr("(and {count} more)", "(and {count} more)", items.count - 3) : ""
        return items.prefix(3).joined(separator: separator) + more
    }
}
