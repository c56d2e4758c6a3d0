import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Folders become albums: a file list dropped below the album rows (DragKit's
/// `DropTarget.newAlbum`). Each folder makes an album named after it, holding what a folder
/// import takes from it; the loose files of the same list make one album together, named
/// "New Album" (the place they were dropped on says so). No album is on screen, so the
/// outcome is told in a toast, as a drop on an album row's is.
extension DropImporter {
    /// Reads the drop's file list (nothing else it may offer: text or image data make no
    /// album) and makes its albums, off the main thread but for the few library calls.
    func makeAlbums(from reader: any ContentReader) {
        let rules = DropRules(importableTypes: [.uriList], gridOrder: coordinator.rules.gridOrder)
        loadUnseen(reader, rules: rules, failure: { tr("Could not make an album of what was dropped: {message}", ["message": $0]) }) {
            [weak self] loaded, _, _ in
            guard let self, case .files(let urls) = ImportPolicy.plan(for: loaded) else { return }
            let plan = ImportPolicy.unseenImports(of: urls, isFolder: await Self.folderFlags(urls.filter(\.isFileURL)))
            var sentences: [String] = []
            var taken = Set(gallery.albums.map(\.name))
            for folder in plan.folders {
                sentences.append(await makeAlbum(named: folder.lastPathComponent, taken: &taken) { album in
                    try await self.library.importDirectory(folder, into: album)
                })
            }
            if !plan.files.isEmpty {
                sentences.append(await makeAlbum(named: tr("New Album"), taken: &taken) { album in
                    try await self.library.importFiles(plan.files, into: album)
                })
            }
            if !plan.failures.isEmpty {
                sentences.append(tr("Could not import: {failures}", ["failures": plan.failures.joined(separator: "; ")]))
            }
            gallery.window.toast.show(sentences.joined(separator: " "))
        }
    }

    /// Makes an album named `base` (or "base 2"… if that is taken), fills it by `fill`, and
    /// says how it went. Photos the library holds already (the folder was imported before)
    /// join the album too: they are the folder's. An album that ends up with no photos is
    /// deleted again: nothing is left behind for a folder with no images, or one that
    /// cannot be read.
    private func makeAlbum(named base: String, taken: inout Set<String>,
                           fill: (ImportDestination) async throws -> ImportReport) async -> String {
        let name = AlbumController.uniqueName(base, among: taken)
        let album: AlbumID
        do {
            album = try await library.createAlbum(named: name)
        } catch {
            return ErrorWording.sentence(.createAlbum, error)
        }
        taken.insert(name)
        do {
            let report = try await fill(.album(album))
            let existing = report.failures.compactMap { failure -> PhotoID? in
                if case .alreadyInLibrary(let photo, _) = failure.reason { return photo }
                return nil
            }
            if !existing.isEmpty { try await library.addPhotos(existing, toAlbum: album) }
            let tally = Tally(report)
            let count = tally.imported + existing.count
            if count == 0 {
                try await library.deleteAlbum(album)
                taken.remove(name)
            }
            return ImportSummary.text(imported: count, failures: tally.failures, skipped: tally.skipped,
                                      duplicates: tally.duplicates.map(\.name), newAlbum: count > 0 ? name : nil,
                                      emptyFolder: count == 0 ? base : nil)
        } catch {
            try? await library.deleteAlbum(album)
            taken.remove(name)
            return tr("Could not make an album of “{folder}”: {error}", ["folder": base, "error": ErrorWording.reason(error)])
        }
    }
}
