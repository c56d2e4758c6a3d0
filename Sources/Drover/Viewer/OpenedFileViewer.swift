import Foundation
import GtkKit
import Localization

/// What the viewer hands previous, next, first, last and closing to while it shows
/// something that is not a library photo.
@MainActor
protocol ViewerBrowsing: AnyObject {
    func step(_ offset: Int)
    func jump(toLast last: Bool)
    /// Names and describes what is on show for assistive technology (the zoom changed).
    func describe()
    /// The viewer went back to the grid.
    func viewerClosed()
}

/// Shows files opened from outside the library (`drover FILE`, "Open With Drover" in a
/// file manager) in the viewer page without importing them: the file's folder around it
/// (`OpenedFiles`), the same keys and buttons as for library photos (ViewerController
/// hands them here), and an Add to Library button that imports the file on show through
/// the importer, exactly as `drover --import FILE` would (its toast, its duplicate
/// handling). The library is unchanged until then.
@MainActor
final class OpenedFileViewer: ViewerBrowsing {
    private let controller: ViewerController
    private let window: MainWindow
    private let importer: DropImporter
    private let canAdd: Bool
    private var opened: OpenedFiles?
    private var decoding: Task<Void, Never>?
    /// Files added from here (by path), so a second click imports nothing twice.
    private var added: Set<String> = []

    init(controller: ViewerController, window: MainWindow, importer: DropImporter, canAdd: Bool) {
        self.controller = controller
        self.window = window
        self.importer = importer
        self.canAdd = canAdd
        window.viewer.addButton.onClicked { [weak self] in self?.addToLibrary() }
    }

    /// Shows `files` (local files, not folders) in the viewer, in place of whatever it showed.
    func open(_ files: [URL]) {
        guard !files.isEmpty else { return }
        controller.close()
        opened = OpenedFiles(opening: files)
        controller.browsing = self
        window.viewer.setShowsLibraryPhoto(false)
        window.viewer.addButton.isVisible = canAdd
        // Named and described before the page shows, as a library photo is (ViewerController.open).
        let page = window.contentSize
        window.viewer.expectViewSize(width: page.width, height: page.height)
        show()
        window.showViewer(true)
        _ = window.viewer.canvas.grabFocus()
    }

    func step(_ offset: Int) {
        guard var opened, opened.step(offset) else { return }
        self.opened = opened
        show()
    }

    func jump(toLast last: Bool) {
        guard var opened, opened.jump(toLast: last) else { return }
        self.opened = opened
        show()
    }

    func viewerClosed() {
        decoding?.cancel()
        decoding = nil
        opened = nil
        window.viewer.setShowsLibraryPhoto(true)
    }

    private func show() {
        guard let opened else { return }
        let url = opened.current
        let name = url.lastPathComponent
        let viewer = window.viewer
        decoding?.cancel()
        viewer.setNavigation(hasPrevious: opened.hasPrevious, hasNext: opened.hasNext)
        viewer.show(title: name, preview: nil)
        viewer.addButton.isSensitive = !added.contains(url.path)
        describe()
        // Decoded at the window's size in device pixels, as a library photo first is.
        let longest = Double(max(window.window.width, window.window.height, 640)) * Double(max(1, viewer.canvas.scaleFactor))
        let box = min(ViewerController.fullImageBox, Int(longest.rounded(.up)))
        decoding = Task { [weak self] in
            let result: Result<Texture, ViewerError>
            do {
                // Nothing decoded it ahead, and someone waits for it: on two threads.
                result = .success(Texture(try await ViewerController.decodeTexture(url, box: box, onTwoThreads: true).prepared))
            } catch {
                result = .failure(ViewerError(reason: ErrorWording.reason(error)))
            }
            guard !Task.isCancelled, let self, self.opened?.current == url else { return }
            switch result {
            case .success(let texture): viewer.showFullImage(texture)
            case .failure(let error): viewer.showMessage(error.message(title: name))
            }
            self.describe()
        }
    }

    /// The file's name; that it is not in the library, where it is in the sequence, and the zoom.
    func describe() {
        guard let opened else { return }
        let viewer = window.viewer
        viewer.canvas.accessibleLabel = opened.current.lastPathComponent
        var parts = [tr("Not in the library"), tr("Image {number} of {count}", ["number": opened.index + 1, "count": opened.files.count])]
        switch viewer.shownState {
        case .none: break
        case .notYetKnown: return
        case .text(let state): parts.append(state)
        }
        viewer.canvas.accessibleDescription = parts.joined(separator: ". ")
    }

    /// Imports the file on show; the importer's toast says how it went.
    private func addToLibrary() {
        guard let url = opened?.current, !added.contains(url.path) else { return }
        added.insert(url.path)
        window.viewer.addButton.isSensitive = false
        importer.importFiles([url])
    }
}
