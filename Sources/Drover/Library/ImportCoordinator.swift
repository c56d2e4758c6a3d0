import Foundation
import GalleryKit

/// Runs imports asked for from outside the grid (the command line now; drops
/// and pastes go through DragKit's placeholders) and reports the outcome in a
/// toast: how many photos arrived, and each failure with its reason.
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
            for batch in Self.batches(urls) {
                do {
                    let report = batch.isDirectory
                        ? try await library.importDirectory(batch.urls[0], into: destination)
                        : try await library.importFiles(batch.urls, into: destination)
                    imported += report.imported.count
                    failures += report.failures.map { $0.localizedDescription }
                } catch {
                    failures.append(GalleryController.describe(error))
                }
            }
            gallery.window.toast.show(Self.summary(imported: imported, failures: failures), seconds: failures.isEmpty ? 5 : 15)
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

    static func summary(imported: Int, failures: [String]) -> String {
        let count = imported == 1 ? "1 photo" : "\(imported) photos"
        guard !failures.isEmpty else { return "Imported \(count)." }
        let shown = failures.prefix(3).joined(separator: "; ")
        let more = failures.count > 3 ? " (and \(failures.count - 3) more)" : ""
        return "Imported \(count). Could not import: \(shown)\(more)"
    }
}
