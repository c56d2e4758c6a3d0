import CGtk
import GtkKit

/// The main window: header bar, albums sidebar, the photo grid (or the empty
/// state), toasts, and the delete zone along the bottom.
///
/// Below the header bar the window shows one page at a time, by name: "library" (the
/// sidebar and grid) or "error" (the library could not be opened). Other views join with
/// `addPage(_:name:)`, and header-bar buttons are all placed by `buildHeaderBar`.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    let header = HeaderBar()
    let sidebar = AlbumSidebar()
    let grid: PhotoGrid
    let emptyState = StatusPage(iconName: "image-x-generic-symbolic")
    let deleteZone = DeleteZone()
    let toast = Toasts()
    let animations = AnimationLayer()
    let newAlbumButton = Button(iconName: "list-add-symbolic", accessibleLabel: "New Album")
    /// The single-pointer path to what dropping on an album does: pick photos,
    /// then this button, then the album.
    let moveToButton = Button(label: "Move to…")
    let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu")
    /// Files through the file chooser (Ctrl+O); `ImportController` provides the actions.
    let importButton = Button(label: "Import…")
    let albumPrompt = NamePrompt(confirmLabel: "Create Album")
    let renamePrompt = NamePrompt(confirmLabel: "Rename")
    /// The photo viewer, a page beside the grid (`ViewerController` runs it).
    let viewer = PhotoViewer()
    /// The grid, the empty state or the viewer, inside the library page.
    private let content = Stack()
    /// The pages below the header bar.
    private let pages = Stack()
    /// The sidebar beside the grid.
    private let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
    /// The one way results reach a screen reader (see `Announcer`).
    let announcer: Announcer

    init(application: Application, thumbnails: ThumbnailCache) {
        window = ApplicationWindow(application: application)
        grid = PhotoGrid(thumbnails: thumbnails)
        announcer = Announcer(window: window, fallback: grid.canvas)
        grid.announce = { [announcer] message in announcer.announce(message) }
        grid.announceMovingFocus = { [announcer] message, tile in announcer.announce(message, movingFocusTo: tile) }
        grid.announceChanging = { [announcer] message, change in announcer.announce(message, quietlyChanging: change) }
        toast.announce = { [announcer] message in announcer.announce(message) }
        // Tab order: header, sidebar (one stop), grid (one stop), the toast's
        // buttons when it shows (Undo is nearest to what it undoes), the delete zone.
        sidebar.onTabOut = { [grid, moveToButton] forward in
            if forward { return grid.focusTabStop() }
            return moveToButton.grabFocus()
        }
        grid.onTabOut = { [sidebar, toast, deleteZone] forward in
            if !forward { return sidebar.focusChosen() }
            if toast.overlay.focusShownToast() { return true }
            return deleteZone.root.grabFocus()
        }
        window.title = "Drover"
        window.setDefaultSize(width: 1100, height: 760)
        buildHeaderBar()
        addPage(buildLibraryPage(), name: "library", accessibleLabel: "Library")
        pages.expandsVertically = true

        let main = Box(GTK_ORIENTATION_VERTICAL)
        main.append(header)
        main.append(pages)
        // Animations fly over everything (from the grid into the delete zone).
        let layered = Overlay()
        layered.setChild(main)
        layered.addOverlay(animations.canvas)
        window.setContent(layered)
    }

    /// The header bar's buttons: album actions at the start, the primary menu (F10) at the end.
    private func buildHeaderBar() {
        header.packStart(newAlbumButton)
        moveToButton.tooltip = "Add the selected photos to an album (inside an album: move them)"
        moveToButton.accessibleDescription = "Adds the selected photos to an album you choose; inside an album, moves them there."
        header.packStart(moveToButton)
        let menu = Menu()
        let imports = Menu()
        imports.append("Import Photos…", action: "import.files")
        imports.append("Import Folders…", action: "import.folders")
        imports.append("Import from Pictures", action: "import.pictures")
        menu.appendSection(imports)
        menu.append("Keyboard Shortcuts", action: "app.shortcuts")
        menu.append("About Drover", action: "app.about")
        menuButton.setMenu(menu)
        header.packEnd(menuButton)
        importButton.tooltip = "Import photos from files (Ctrl+O)"
        importButton.setActionName("import.files")
        header.packEnd(importButton)
    }

    /// The sidebar beside the grid (or empty state), toasts over the grid, and the
    /// delete zone along the bottom.
    private func buildLibraryPage() -> Widget {
        content.add(grid.scrolledWindow, name: "grid", accessibleLabel: "Gallery")
        // On the grid's background (libadwaita's view colour), not the window's.
        emptyState.addCSSClass("view")
        content.add(emptyState, name: "empty", accessibleLabel: "Empty gallery")
        content.add(viewer.root, name: "viewer", accessibleLabel: "Photo viewer")
        content.expandsHorizontally = true
        content.expandsVertically = true
        toast.overlay.setChild(content)

        paned.setStartChild(sidebar.root, resizes: false, shrinks: false)
        paned.setEndChild(toast.overlay, resizes: true, shrinks: false)
        paned.position = 220
        // Focusable (F8 moves its divider): a name, not its type, is what is read.
        paned.accessibleLabel = "Albums and photos"
        paned.expandsVertically = true

        let library = Box(GTK_ORIENTATION_VERTICAL)
        library.append(paned)
        library.append(deleteZone.root)
        return library
    }

    /// Adds a page below the header bar (replacing one of the same name), shown with
    /// `showPage(_:)`.
    func addPage(_ page: Widget, name: String, accessibleLabel: String) {
        pages.removeChild(named: name)
        pages.add(page, name: name, accessibleLabel: accessibleLabel)
    }
    func showPage(_ name: String) { pages.visibleChildName = name }
    func removePage(_ name: String) { pages.removeChild(named: name) }

    /// The albums sidebar's width, in pixels.
    var sidebarWidth: Int32 {
        get { paned.position }
        set { paned.position = newValue }
    }

    /// Tells assistive technology what just happened, once, where the user is
    /// (every result goes through here: see `Announcer`).
    func announce(_ message: String) {
        announcer.announce(message)
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
            emptyState.title = "\u{201C}\(albumName)\u{201D} Is Empty"
            emptyState.pageDescription = "Drag photos onto the album in the sidebar, or drop them here."
        } else {
            emptyState.title = "No Photos"
            emptyState.pageDescription = "Drag photos here from the file manager, or paste them."
        }
    }
}
