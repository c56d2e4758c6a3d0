import CGtk
import GtkKit
import Localization

/// The albums sidebar: "All Photos" first, then the user's albums. Each row
/// is named by its album for assistive technology; albums have a context
/// menu (right click, Menu key or Shift+F10) to rename, delete or export them.
@MainActor
final class AlbumSidebar {
    struct AlbumRow: Equatable {
        let id: String
        var name: String
        var count: Int
    }

    /// What the sidebar selects: everything, or one album.
    enum Selection: Equatable {
        case allPhotos
        case album(id: String)
    }

    static let allPhotosName = tr("All Photos")

    let root = ScrolledWindow()
    let list = ListBox()
    private(set) var albums: [AlbumRow] = []
    private(set) var rows: [ListBoxRow] = []
    private let allPhotosRow: ListBoxRow
    /// The "New Album" place below the albums: shown only while a drag that can make
    /// albums there (a file manager's folders) is over the list, highlighted as a row is
    /// when the drop would land on it (`AlbumDropController`). Never focused or activated.
    let newAlbumDropRow: ListBoxRow
    private var menu: PopoverMenu?

    var onSelect: ((Selection) -> Void)?
    var onRename: ((AlbumRow) -> Void)?
    var onDelete: ((AlbumRow) -> Void)?
    var onExport: ((AlbumRow) -> Void)?
    /// Tab (true) or Shift+Tab (false) in the list: moves focus out of it; returns whether it did.
    var onTabOut: ((_ forward: Bool) -> Bool)?

    init() {
        root.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
        root.setSizeRequest(width: 200)
        root.addCSSClass("sidebar")
        root.accessibleLabel = tr("Albums scroll area")
        list.addCSSClass("navigation-sidebar")
        list.accessibleLabel = tr("Albums")
        allPhotosRow = Self.makeRow(name: Self.allPhotosName, icon: "folder-pictures-symbolic", count: nil)
        list.append(allPhotosRow)
        newAlbumDropRow = Self.makeRow(name: tr("New Album"), icon: "folder-new-symbolic", count: nil)
        newAlbumDropRow.addCSSClass("new-album-drop")
        newAlbumDropRow.accessibleDescription = tr("Drop folders here to make albums of them")
        newAlbumDropRow.isActivatable = false
        newAlbumDropRow.isFocusable = false
        newAlbumDropRow.isVisible = false
        list.append(newAlbumDropRow)
        root.setChild(list)
        // GtkListBox selects each row focus passes (Tab, arrows), which would
        // switch albums on the way to the grid. Focus moves freely; a row is
        // chosen only when activated (click, Enter, Space).
        list.setSelectionMode(GTK_SELECTION_NONE)
        list.onRowActivated { [weak self] index in
            guard let self, index <= self.albums.count else { return }
            self.select(index == 0 ? .allPhotos : .album(id: self.albums[index - 1].id))
        }
        installContextMenu()
        showChosen()
    }

    private(set) var selection: Selection = .allPhotos

    /// Chooses what the grid shows, and marks its row (the current album: its
    /// look and, for screen readers, its selected state).
    func select(_ selection: Selection) {
        let changed = selection != self.selection
        self.selection = selection
        showChosen()
        if changed { onSelect?(selection) }
    }

    /// Puts focus on the chosen album's row (Shift+Tab from the grid).
    @discardableResult
    func focusChosen() -> Bool { chosenRow.grabFocus() }

    private var chosenRow: ListBoxRow {
        guard case .album(let id) = selection, let index = albums.firstIndex(where: { $0.id == id }) else { return allPhotosRow }
        return rows[index]
    }

    private func showChosen() {
        let chosen = chosenRow
        for row in [allPhotosRow] + rows {
            let on = row === chosen
            row.setCSSClass("chosen", on)
            row.setAccessibleSelected(on)
        }
    }

    func setAlbums(_ newAlbums: [AlbumRow]) {
        let selected = selection
        rows.forEach { list.remove($0) }
        albums = newAlbums
        rows = newAlbums.map { Self.makeRow(name: $0.name, icon: "folder-symbolic", count: $0.count) }
        // Before the "New Album" place, which stays last.
        for (offset, row) in rows.enumerated() { list.insert(row, at: 1 + offset) }
        select(albums.contains { .album(id: $0.id) == selected } ? selected : .allPhotos)
    }

    private static func makeRow(name: String, icon: String, count: Int?) -> ListBoxRow {
        let row = ListBoxRow()
        let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
        box.append(Image(iconName: icon, pixelSize: 16))
        let label = Label(name)
        label.setEllipsizes(true)
        // Ellipsized (a long name, large text): whole in the tooltip, as in the row's name.
        label.tooltip = name
        label.expandsHorizontally = true
        label.xAlign = 0
        box.append(label)
        if let count {
            let counter = Label("\(count)")
            counter.addCSSClass("dim-label")
            box.append(counter)
        }
        row.setChild(box)
        row.accessibleLabel = name
        if let count { row.accessibleDescription = GalleryController.noun(count: count) }
        row.realizesAccessibleWhenMapped()
        return row
    }

    private func installContextMenu() {
        let click = ClickGesture(button: UInt32(GDK_BUTTON_SECONDARY))
        click.onPressed { [weak self] _, x, y in
            guard let self, let index = self.list.rowIndex(atY: y), index > 0, index <= self.albums.count else { return }
            self.select(.album(id: self.albums[index - 1].id))
            self.showMenu(for: index - 1, x: x, y: y)
        }
        list.add(click)
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, modifiers in
            guard let self else { return false }
            // The list is one Tab stop: arrows move between albums, Tab leaves.
            if Int32(keyval) == GDK_KEY_Tab || Int32(keyval) == GDK_KEY_ISO_Left_Tab, let leave = self.onTabOut {
                return leave(Int32(keyval) == GDK_KEY_Tab && modifiers.rawValue & GDK_SHIFT_MASK.rawValue == 0)
            }
            let isMenuKey = Int32(keyval) == GDK_KEY_Menu
                || (Int32(keyval) == GDK_KEY_F10 && modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0)
            guard isMenuKey, case .album(let id) = self.selection,
                  let index = self.albums.firstIndex(where: { $0.id == id }) else { return false }
            let row = self.rows[index]
            let origin = row.translate(0, 0, to: self.list) ?? (0, 0)
            self.showMenu(for: index, x: origin.x + 40, y: origin.y + 10)
            return true
        }
        list.add(keys)

        let actions = ActionGroup()
        actions.add("rename") { [weak self] in
            guard let self, case .album(let id) = self.selection, let album = self.albums.first(where: { $0.id == id }) else { return }
            self.onRename?(album)
        }
        actions.add("delete") { [weak self] in
            guard let self, case .album(let id) = self.selection, let album = self.albums.first(where: { $0.id == id }) else { return }
            self.onDelete?(album)
        }
        actions.add("export") { [weak self] in
            guard let self, case .album(let id) = self.selection, let album = self.albums.first(where: { $0.id == id }) else { return }
            self.onExport?(album)
        }
        list.insertActionGroup("album", actions)
    }

    private func showMenu(for index: Int, x: Double, y: Double) {
        let model = Menu()
        model.append(tr("Rename Album…"), action: "album.rename")
        model.append(tr("Delete Album"), action: "album.delete")
        model.append(tr("Export Album…"), action: "album.export")
        menu?.unparent()
        let popover = PopoverMenu(menu: model)
        popover.accessibleLabel = tr("Album actions")
        popover.setParent(list)
        popover.point(at: x, y)
        popover.popup()
        menu = popover
    }
}
