import Foundation
import GalleryKit

/// Runs imports asked for from outside the grid (the command line now; drops
/// and pastes go through DragKit's placeholders) and reports the outcome in a
/// toast: how many photos arrived, each failure with its reason, and what a
/// folder held that was skipped.
@MainActor
final class ImportCoordinator {
    private let library: PhotoLibrary
    private let gallery: GalleryController

    init(library: PhotoLibrary, gallery: GalleryController) {
        self.library = library
        self.gallery = gallery
    }

    /// Imports files and folders (recursively) into the collection on screen.
    func importFiles(_ urls: [URL]) {
        let destination: ImportDestination
        switch gallery.scope {
        case .allPhotos: destination = .allPhotos()
        case .album(let id): destination = .album(id)
        }
        Task {
            var imported = 0
            var failures: [String] = []
            var skipped: [ImportSkip] = []
            for batch in Self.batches(urls) {
                do {
                    let report = batch.isDirectory
                        ? try await library.importDirectory(batch.urls[0], into: destination)
                        : try await library.importFiles(batch.urls, into: destination)
                    imported += report.imported.count
                    failures += report.failures.map { $0.localizedDescription }
                    skipped += report.skipped
                } catch {
                    failures.append(GalleryController.describe(error))
                }
            }
            let calm = failures.isEmpty && !skipped.contains { $0.reason.needsAttention }
            gallery.window.toast.show(Self.summary(imported: imported, failures: failures, skipped: skipped),
                                      seconds: calm ? 5 : 15)
        }
    }

    /// Consecutive files import together; each folder imports on its own.
    private static func batches(_ urls: [URL]) -> [(isDirectory: Bool, urls: [URL])] {
        var batches: [(isDirectory: Bool, urls: [URL])] = []
        for url in urls {
            var isDirectory: ObjCBool = false
            let directory = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            if !directory, let last = batches.last, !last.isDirectory {
                batches[batches.count - 1].urls.append(url)
            } else {
                batches.append((directory, [url]))
            }
        }
        return batches
    }

    /// "Imported 3 photos. Could not import: a.png: why. Skipped 4 (2 hidden): notes.txt: not an image"
    /// Hidden files are only counted; the other skips are named, as failures are.
    static func summary(imported: Int, failures: [String], skipped: [ImportSkip] = []) -> String {
        let count = imported == 1 ? "1 photo" : "\(imported) photos"
        var text = "Imported \(count)."
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

    /// The first three, and how many more.
    private static func listed(_ items: [String]) -> String {
        let more = items.count > 3 ? " (and \(items.count - 3) more)" : ""
        return items.prefix(3).joined(separator: "; ") + more
    }
}
