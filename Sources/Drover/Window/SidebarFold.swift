import GtkKit
import Localization

/// The albums sidebar in a wide window and in a narrow one. Wide, it sits beside the grid
/// in the paned (its divider resizes it). Below `foldWidth` it folds away: it moves into a
/// drawer (an always-folded `AdwFlap`) that slides in over the grid, the grid gets the
/// whole width (and so fewer columns), and the header bar's "Show Albums" button appears.
/// The button, F9, a drag resting on the button (spring loading) and a keyboard drag that
/// reaches an album open the drawer, so every album row stays reachable.
@MainActor
final class SidebarFold {
    /// Below this window width the sidebar folds: the grid keeps at least two columns of
    /// medium tiles beside a 200 px sidebar above it, and a 360 px phone-sized window
    /// shows the grid alone.
    static let foldWidth: Int32 = 600

    /// What the library page shows: the paned, with the drawer over it when folded.
    let drawer = DrawerFlap()
    let showButton = Button(iconName: "sidebar-show-symbolic", accessibleLabel: tr("Show Albums"))
    private let sidebar: AlbumSidebar
    private let paned: Paned
    private(set) var isFolded = false
    /// The sidebar's wide width, kept while it is folded (the window remembers it).
    private var wideWidth: Int32 = 220
    /// Whether a drag opened the drawer (it closes again when that drag ends).
    private var openedForDrag = false
    /// The drawer closed with keyboard focus inside it (an album chosen, Escape, a click
    /// beside it): focus goes on to the photos rather than stay on a hidden row.
    var onClosedWithFocus: (() -> Void)?

    init(sidebar: AlbumSidebar, paned: Paned) {
        self.sidebar = sidebar
        self.paned = paned
        drawer.setContent(paned)
        drawer.expandsVertically = true
        showButton.tooltip = tr("Show the albums (F9)")
        showButton.accessibleDescription = tr("Opens the albums over the photos.")
        showButton.isVisible = false
        _ = showButton.onClicked { [weak self] in self?.toggle() }
        drawer.onRevealChanged { [weak self] in
            guard let self, !self.drawer.isRevealed, sidebar.root.containsFocus else { return }
            self.onClosedWithFocus?()
        }
        // Choosing an album in the drawer shows its photos: the drawer gets out of the way.
        _ = sidebar.list.onRowActivated { [weak self] _ in
            guard let self, self.isFolded else { return }
            self.drawer.isRevealed = false
        }
    }

    /// The sidebar's width in the wide layout, in pixels.
    var width: Int32 {
        get { isFolded ? wideWidth : paned.position }
        set {
            wideWidth = newValue
            if !isFolded { paned.position = newValue }
        }
    }

    /// Folds or unfolds for a window `width` pixels wide; returns whether that changed.
    @discardableResult
    func fit(windowWidth: Int32) -> Bool {
        let fold = windowWidth > 0 && windowWidth < Self.foldWidth
        guard fold != isFolded else { return false }
        if fold {
            wideWidth = paned.position
            paned.removeStartChild()
            drawer.setFlap(sidebar.root)
        } else {
            drawer.isRevealed = false
            drawer.setFlap(nil)
            paned.setStartChild(sidebar.root, resizes: false, shrinks: false)
            paned.position = wideWidth
        }
        isFolded = fold
        showButton.isVisible = fold
        // Over the grid the drawer needs the window's own background (beside it, none).
        sidebar.root.setCSSClass("background", fold)
        return true
    }

    /// The button: opens the drawer on the chosen album, or closes it.
    func toggle() {
        guard isFolded else { return }
        drawer.isRevealed.toggle()
        if drawer.isRevealed { sidebar.focusChosen() }
    }

    /// F9, as in GNOME's apps: in a narrow window opens (or closes) the drawer; in a wide
    /// one the albums are on show already, and F9 takes focus to the chosen one.
    func showFromKeyboard() {
        if isFolded { toggle() } else { sidebar.focusChosen() }
    }

    /// A drag wants the album rows (spring loading on the button, or a keyboard drag that
    /// reached an album): opens the drawer until the drag ends (`dragEnded`).
    func openForDrag() {
        guard isFolded, !drawer.isRevealed else { return }
        drawer.isRevealed = true
        openedForDrag = true
    }

    /// The drag that opened the drawer ended (or went back to the grid): it closes.
    func dragEnded() {
        guard openedForDrag else { return }
        openedForDrag = false
        drawer.isRevealed = false
    }
}
