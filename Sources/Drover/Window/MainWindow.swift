import CGtk
import GtkKit

/// The main window: header bar, albums sidebar, the photo grid (or the empty
/// state), toasts, and the delete zone along the bottom.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    let header = HeaderBar()
    let sidebar = AlbumSidebar()
    let grid: PhotoGrid
    let emptyState = EmptyState()
    let deleteZone = DeleteZone()
    let toast = Toast()
    let animations = AnimationLayer()
    let newAlbumButton = Button(iconName: "list-add-symbolic", accessibleLabel: "New Album")
    /// The single-pointer path to what dropping on an album does: pick photos,
    /// then this button, then the album.
    let moveToButton = Button(label: "Move to…")
    /// Files through the file chooser (Ctrl+O); `ImportController` provides the actions.
    let importButton = Button(label: "Import…")
    let albumPrompt = NamePrompt(confirmLabel: "Create Album")
    let renamePrompt = NamePrompt(confirmLabel: "Rename")
    /// The photo viewer, a page beside the grid (`ViewerController` runs it).
    let viewer = PhotoViewer()
    private let content = Stack()

    init(application: Application, thumbnails: ThumbnailCache) {
        window = ApplicationWindow(application: application)
        grid = PhotoGrid(thumbnails: thumbnails)
        window.title = "Drover"
        window.setDefaultSize(width: 1100, height: 760)
        window.setTitlebar(header)
        header.packStart(newAlbumButton)
        moveToButton.tooltip = "Add the selected photos to an album (inside an album: move them)"
        moveToButton.accessibleDescription = "Adds the selected photos to an album you choose; inside an album, moves them there."
        header.packStart(moveToButton)
        let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu")
        let menu = Menu()
        let imports = Menu()
        imports.append("Import Photos…", action: "import.files")
        imports.append("Import Folders…", action: "import.folders")
        imports.append("Import from Pictures", action: "import.pictures")
        menu.appendSection(imports)
        menu.append("About Drover", action: "app.about")
        menuButton.setMenu(menu)
        header.packEnd(menuButton)
        importButton.tooltip = "Import photos from files (Ctrl+O)"
        importButton.setActionName("import.files")
        header.packEnd(importButton)

        content.add(grid.scrolledWindow, name: "grid")
        content.add(emptyState.root, name: "empty")
        content.add(viewer.root, name: "viewer")
        content.expandsHorizontally = true
        content.expandsVertically = true
        let contentOverlay = Overlay()
        contentOverlay.setChild(content)
        contentOverlay.addOverlay(toast.root)

        let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
        paned.setStartChild(sidebar.root, resizes: false, shrinks: false)
        paned.setEndChild(contentOverlay, resizes: true, shrinks: false)
        paned.position = 220
        paned.expandsVertically = true

        let main = Box(GTK_ORIENTATION_VERTICAL)
        main.append(paned)
        main.append(deleteZone.root)
        // Animations fly over everything (from the grid into the delete zone).
        let layered = Overlay()
        layered.setChild(main)
        layered.addOverlay(animations.canvas)
        window.setChild(layered)
    }

    /// Tells assistive technology what just happened. GTK 4.14 has an announce
    /// call; before it, the message becomes the focused widget's description,
    /// which screen readers speak when it changes.
    func announce(_ message: String) {
        window.announce(message, describingFocusOr: grid.canvas)
    }

    // MARK: The viewer page

    private(set) var isShowingViewer = false

    /// Shows the viewer page in place of the grid, or the grid again.
    func showViewer(_ on: Bool) {
        isShowingViewer = on
        if on { content.visibleChildName = "viewer" } else { content.visibleChildName = grid.items.isEmpty ? "empty" : "grid" }
    }

    /// Whether the viewer asked for fullscreen. Kept here, not read from the window: a
    /// window manager may not grant it (or not yet), and the viewer's layout follows the ask.
    private(set) var isViewerFullscreen = false

    /// Fullscreen for the viewer: only the photo (and its own bar) shows.
    func setViewerFullscreen(_ on: Bool) {
        isViewerFullscreen = on
        header.isVisible = !on
        sidebar.root.isVisible = !on
        deleteZone.root.isVisible = !on
        window.isFullscreen = on
    }

    /// Shows the grid, or the empty state when there is nothing to show.
    func showGridOrEmptyState(albumName: String?) {
        // The viewer stays on show while the grid changes behind it.
        guard !isShowingViewer else { return }
        let empty = grid.items.isEmpty
        content.visibleChildName = empty ? "empty" : "grid"
        guard empty else { return }
        if let albumName {
            emptyState.show(title: "\u{201C}\(albumName)\u{201D} Is Empty",
                            hint: "Drag photos onto the album in the sidebar, or drop them here.")
        } else {
            emptyState.show(title: "No Photos", hint: "Drag photos here from the file manager, or paste them.")
        }
    }
}
