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
    let albumPrompt = NamePrompt(confirmLabel: "Create Album")
    let renamePrompt = NamePrompt(confirmLabel: "Rename")
    private let content = Stack()
    /// The one way results reach a screen reader (see `Announcer`).
    let announcer: Announcer

    init(application: Application, thumbnails: ThumbnailCache) {
        window = ApplicationWindow(application: application)
        grid = PhotoGrid(thumbnails: thumbnails)
        announcer = Announcer(window: window, fallback: grid.canvas)
        grid.announce = { [announcer] message in announcer.announce(message) }
        // Tab order: header, sidebar (one stop), grid (one stop), the toast's
        // buttons when it shows (Undo is nearest to what it undoes), the delete zone.
        sidebar.onTabOut = { [grid, moveToButton] forward in
            if forward { return grid.focusTabStop() }
            return moveToButton.grabFocus()
        }
        grid.onTabOut = { [sidebar, toast, deleteZone] forward in
            if !forward { return sidebar.focusChosen() }
            if toast.root.isVisible, toast.root.focusInside(forward: true) { return true }
            return deleteZone.root.grabFocus()
        }
        window.title = "Drover"
        window.setDefaultSize(width: 1100, height: 760)
        window.setTitlebar(header)
        header.packStart(newAlbumButton)
        moveToButton.tooltip = "Add the selected photos to an album (inside an album: move them)"
        moveToButton.accessibleDescription = "Adds the selected photos to an album you choose; inside an album, moves them there."
        header.packStart(moveToButton)
        let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu")
        let menu = Menu()
        menu.append("About Drover", action: "app.about")
        menuButton.setMenu(menu)
        header.packEnd(menuButton)

        content.add(grid.scrolledWindow, name: "grid", accessibleLabel: "Gallery")
        content.add(emptyState.root, name: "empty", accessibleLabel: "Empty gallery")
        content.expandsHorizontally = true
        content.expandsVertically = true
        let contentOverlay = Overlay()
        contentOverlay.setChild(content)
        contentOverlay.addOverlay(toast.root)

        let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
        paned.setStartChild(sidebar.root, resizes: false, shrinks: false)
        paned.setEndChild(contentOverlay, resizes: true, shrinks: false)
        paned.position = 220
        // Focusable (F8 moves its divider): a name, not its type, is what is read.
        paned.accessibleLabel = "Albums and photos"
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

    /// Tells assistive technology what just happened, once, where the user is
    /// (every result goes through here: see `Announcer`).
    func announce(_ message: String) {
        announcer.announce(message)
    }

    /// Shows the grid, or the empty state when there is nothing to show.
    func showGridOrEmptyState(albumName: String?) {
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
