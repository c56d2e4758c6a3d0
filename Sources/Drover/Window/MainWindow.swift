import CGtk
import GtkKit
import Localization

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
    let newAlbumButton = Button(iconName: "list-add-symbolic", accessibleLabel: tr("New Album"))
    /// The single-pointer path to what dropping on an album does: pick photos,
    /// then this button, then the album.
    let moveToButton = Button(label: tr("Move to…"))
    let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: tr("Main Menu"))
    /// Files through the file chooser (Ctrl+O); `ImportController` provides the actions.
    let importButton = Button(label: tr("Import…"))
    /// Sorting and search (`SortAndSearchController` gives them their actions).
    let sortButton = MenuButton(iconName: "view-sort-descending-symbolic", accessibleLabel: tr("Sort"))
    let searchButton = Button(iconName: "system-search-symbolic", accessibleLabel: tr("Search"))
    /// The primary menu (F10), and its section with Search and the Sort orders: in a
    /// narrow window, where the header bar has no room for their buttons, the only way to
    /// them by pointer (`SortAndSearchController` fills it).
    let primaryMenu = Menu()
    let viewSection = Menu()
    let searchEntry = SearchEntry(accessibleLabel: tr("Search photos"),
                                  placeholder: tr("Search titles, places, albums and QR codes"))
    let searchBar: SearchBar
    /// Over the grid during a drag that has no place to go between photos (a sorted grid,
    /// search results): what a drop does instead.
    let dropHint = Label()
    let albumPrompt = NamePrompt(confirmLabel: tr("Create Album"))
    let renamePrompt = NamePrompt(confirmLabel: tr("Rename"))
    /// The photo viewer, a page beside the grid (`ViewerController` runs it).
    let viewer = PhotoViewer()
    /// The grid, the empty state or the viewer, inside the library page.
    private let content = Stack()
    /// The pages below the header bar.
    private let pages = Stack()
    /// The sidebar beside the grid.
    private let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
    /// The sidebar folds into a drawer in a narrow window (see `SidebarFold`).
    let sidebarFold: SidebarFold
    /// The one way results reach a screen reader (see `Announcer`).
    let announcer: Announcer

    init(application: Application, thumbnails: ThumbnailCache) {
        window = ApplicationWindow(application: application)
        Motion.start()
        HighContrast.follow(window)
        searchBar = SearchBar(entry: searchEntry)
        grid = PhotoGrid(thumbnails: thumbnails)
        announcer = Announcer(window: window, fallback: grid.canvas)
        sidebarFold = SidebarFold(sidebar: sidebar, paned: paned)
        sidebarFold.onClosedWithFocus = { [grid] in _ = grid.focusTabStop() }
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
        window.title = tr("Drover")
        window.setDefaultSize(width: 1100, height: 760)
        buildHeaderBar()
        addPage(buildLibraryPage(), name: "library", accessibleLabel: tr("Library"))
        pages.expandsVertically = true

        let main = Box(GTK_ORIENTATION_VERTICAL)
        main.append(header)
        main.append(pages)
        // Animations fly over everything (from the grid into the delete zone).
        let layered = Overlay()
        layered.setChild(main)
        layered.addOverlay(animations.canvas)
        window.setContent(layered)
        window.onWidthChanged { [weak self] in
            self?.fitSidebar()
            self?.toast.overlay.refitShownToast()
        }
    }

    /// Folds the sidebar away in a narrow window, and back beside the grid in a wide one.
    func fitSidebar() {
        let width = window.isMaximized ? window.width : window.defaultSize.width
        guard sidebarFold.fit(windowWidth: width) else { return }
        // A narrow header bar keeps every button that is the only way in, down to 360 px:
        // Import, Sort and Search are in the main menu too (and Ctrl+O, Ctrl+F), and
        // Move to… shrinks to its icon.
        let narrow = sidebarFold.isFolded
        importButton.isVisible = !narrow
        sortButton.isVisible = !narrow
        searchButton.isVisible = !narrow
        if narrow { moveToButton.iconName = "folder-symbolic" } else { moveToButton.label = tr("Move to…") }
        // Both reset the accessible name: give it back.
        moveToButton.accessibleLabel = ""
        moveToButton.accessibleLabel = tr("Move to…")
    }

    /// The header bar's buttons: album actions at the start, the primary menu (F10) at the end.
    private func buildHeaderBar() {
        // The title, ellipsized to nothing if need be. libadwaita's own keeps five characters
        // (MIN_TITLE_CHARS), and the header bar centres it between room for its widest side
        // on both: with large text that held a narrow window wider than 360 px.
        let title = Label(tr("Drover"))
        title.addCSSClass("title")
        title.setEllipsizes(true)
        header.setTitleWidget(title)
        header.packStart(sidebarFold.showButton)
        header.packStart(newAlbumButton)
        moveToButton.tooltip = tr("Add the selected photos to an album (inside an album: move them)")
        moveToButton.accessibleDescription = tr("Adds the selected photos to an album you choose; inside an album, moves them there.")
        header.packStart(moveToButton)
        let menu = primaryMenu
        let imports = Menu()
        imports.append(tr("Import Photos…"), action: "import.files")
        imports.append(tr("Import Folders…"), action: "import.folders")
        imports.append(tr("Import from Pictures"), action: "import.pictures")
        menu.appendSection(imports)
        menu.appendSection(viewSection)
        menu.append(tr("Keyboard Shortcuts"), action: "app.shortcuts")
        menu.append(tr("About Drover"), action: "app.about")
        menuButton.setMenu(menu)
        header.packEnd(menuButton)
        importButton.tooltip = tr("Import photos from files (Ctrl+O)")
        importButton.setActionName("import.files")
        header.packEnd(importButton)
        header.packEnd(sortButton)
        searchButton.tooltip = tr("Search photos (Ctrl+F)")
        header.packEnd(searchButton)
    }

    /// The sidebar beside the grid (or empty state), toasts over the grid, and the
    /// delete zone along the bottom.
    private func buildLibraryPage() -> Widget {
        content.add(grid.scrolledWindow, name: "grid", accessibleLabel: tr("Gallery"))
        // On the grid's background (libadwaita's view colour), not the window's.
        emptyState.addCSSClass("view")
        content.add(emptyState, name: "empty", accessibleLabel: tr("Empty gallery"))
        content.add(viewer.root, name: "viewer", accessibleLabel: tr("Photo viewer"))
        content.expandsHorizontally = true
        content.expandsVertically = true
        dropHint.addCSSClass("osd")
        dropHint.addCSSClass("drop-hint")
        dropHint.horizontalAlignment = GTK_ALIGN_CENTER
        dropHint.verticalAlignment = GTK_ALIGN_START
        dropHint.setMargins(12)
        // "Sorted by …: photos can’t be rearranged here" is long: with large text, in a narrow
        // window, it wraps rather than run past the window's edges.
        dropHint.setWraps(true, insideWords: true, onlyWhenNarrow: true)
        dropHint.setJustification(GTK_JUSTIFY_CENTER)
        dropHint.canTarget = false
        dropHint.isVisible = false
        let hinted = Overlay()
        hinted.setChild(content)
        hinted.addOverlay(dropHint)
        let searchable = Box(GTK_ORIENTATION_VERTICAL)
        searchable.append(searchBar)
        searchable.append(hinted)
        toast.overlay.setChild(searchable)

        paned.setStartChild(sidebar.root, resizes: false, shrinks: false)
        paned.setEndChild(toast.overlay, resizes: true, shrinks: false)
        paned.position = 220
        // Focusable (F8 moves its divider): a name, not its type, is what is read.
        paned.accessibleLabel = tr("Albums and photos")
        paned.expandsVertically = true

        let library = Box(GTK_ORIENTATION_VERTICAL)
        library.append(sidebarFold.drawer)
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
        get { sidebarFold.width }
        set { sidebarFold.width = newValue }
    }

    /// Tells assistive technology what just happened, once, where the user is
    /// (every result goes through here: see `Announcer`).
    func announce(_ message: String) {
        announcer.announce(message)
    }

    /// Announces `message` once a screen reader has read where the focus is now, moved
    /// where the window does not see it (back from a menu's popover).
    func announceAfterFocusReading(_ message: String) {
        announcer.announce(message, afterFocusReading: true)
    }

    // MARK: The viewer page

    private(set) var isShowingViewer = false

    /// The size of the area the grid, the empty state and the viewer take turns in.
    var contentSize: (width: Int32, height: Int32) { (content.width, content.height) }

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

    /// The empty state of a search that found nothing.
    func showNoResults(for query: String) {
        guard !isShowingViewer else { return }
        emptyState.title = tr("No Results")
        emptyState.pageDescription = tr("No photo’s title, place, album or QR code contains “{query}”.", ["query": query])
    }

    /// Shows the grid, or the empty state when there is nothing to show.
    func showGridOrEmptyState(albumName: String?) {
        // The viewer stays on show while the grid changes behind it.
        guard !isShowingViewer else { return }
        let empty = grid.items.isEmpty
        content.visibleChildName = empty ? "empty" : "grid"
        guard empty else { return }
        if let albumName {
            emptyState.title = tr("“{album}” Is Empty", ["album": albumName])
            emptyState.pageDescription = tr("Drag photos onto the album in the sidebar, or drop them here.")
        } else {
            emptyState.title = tr("No Photos")
            emptyState.pageDescription = tr("Drag photos here from the file manager, or paste them.")
        }
    }
}
