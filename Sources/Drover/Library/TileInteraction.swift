import CGtk
import GalleryKit
import GtkKit
import Localization

/// Connects the grid's keyboard shortcuts, context menu and per-tile actions
/// to the tile commands. Keyboard map (also in the README):
/// Delete deletes the selection; Ctrl+C, Ctrl+X, Ctrl+V copy, cut and paste
/// (after the focused tile); Alt+Shift+Left/Right move the selection earlier
/// or later; Ctrl+R and Ctrl+Shift+R rotate right and left; Ctrl+G stacks the selected
/// photos and Ctrl+Shift+G unstacks; Ctrl+E exports the selection; Menu or Shift+F10
/// opens the tile's menu.
@MainActor
final class TileInteraction {
    private let gallery: GalleryController
    private let commands: TileCommands
    private let chooser = AlbumChooser()
    private var menu: PopoverMenu?
    var startKeyboardDrag: ((Int) -> Void)?

    private var grid: PhotoGrid { gallery.window.grid }

    init(gallery: GalleryController, commands: TileCommands) {
        self.gallery = gallery
        self.commands = commands
        grid.onTileAction = { [weak self] action, index in self?.perform(action, at: index) }
        grid.onContextMenu = { [weak self] index, _, _ in self?.openMenu(at: index) }
        grid.onKeyCommand = { [weak self] keyval, modifiers, focused in
            self?.key(keyval, modifiers: modifiers, focused: focused) ?? false
        }
        gallery.window.moveToButton.onClicked { [weak self] in self?.moveSelection() }
    }

    func perform(_ action: TileAction, at index: Int) {
        // Whatever runs on a tile also takes keyboard focus there, so the
        // keyboard carries on from the tile the action was about.
        grid.focus(index: index)
        switch action {
        case .focus: break
        case .open: grid.onOpen?(index)
        case .details: grid.onShowDetails?(index)
        case .openWith: commands.openWithApplication(at: index)
        case .export: commands.export(around: index)
        case .rotateLeft: commands.rotate(around: index, by: .left)
        case .rotateRight: commands.rotate(around: index, by: .right)
        case .stack: commands.stack(around: index)
        case .unstack: commands.unstack(around: index)
        case .copy: commands.copy(around: index)
        case .cut: commands.cut(around: index)
        case .pasteBefore: commands.paste(at: index)
        case .pasteAfter: commands.paste(at: index + 1)
        case .moveEarlier: commands.moveEarlier(around: index)
        case .moveLater: commands.moveLater(around: index)
        case .addToAlbum, .moveToAlbum: chooseAlbum(for: index, moving: action == .moveToAlbum)
        case .delete: commands.delete(around: index)
        case .startKeyboardDrag: startKeyboardDrag?(index)
        case .openInMaps: commands.openInMaps(at: index)
        case .copyLocation: commands.copyLocation(at: index)
        case .exportQRCodes: commands.exportQRCodes(at: index)
        case .openMenu: openMenu(at: index)
        }
    }

    private func key(_ keyval: UInt32, modifiers: GdkModifierType, focused: Int?) -> Bool {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let alt = modifiers.rawValue & GDK_ALT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            commands.delete(around: focused)
        case GDK_KEY_c where control:
            commands.copy(around: focused)
        case GDK_KEY_x where control:
            commands.cut(around: focused)
        case GDK_KEY_v where control:
            commands.paste(at: focused.map { $0 + 1 } ?? gallery.model.count)
        case GDK_KEY_Left where alt && shift, GDK_KEY_Right where alt && shift:
            // The way the arrow points, also right to left, where Left is later.
            let step = grid.geometry.direction.indexStep(rightArrow: Int32(keyval) == GDK_KEY_Right)
            if step < 0 { commands.moveEarlier(around: focused) } else { commands.moveLater(around: focused) }
        case GDK_KEY_Up where alt && shift:
            commands.moveEarlier(around: focused)
        case GDK_KEY_Down where alt && shift:
            commands.moveLater(around: focused)
        // Ctrl+R and Ctrl+Shift+R, as in Loupe and Shotwell (Shift gives the capital).
        case GDK_KEY_r where control, GDK_KEY_R where control:
            commands.rotate(around: focused, by: shift ? .left : .right)
        // Ctrl+G groups, as in Inkscape, Shotwell's and Lightroom's stacking keys.
        case GDK_KEY_g where control, GDK_KEY_G where control:
            if shift { commands.unstack(around: focused) } else { commands.stack(around: focused) }
        // Ctrl+E exports, as in Shotwell, darktable and GNOME's Image Viewer (Loupe).
        case GDK_KEY_e where control, GDK_KEY_E where control:
            commands.export(around: focused)
        case GDK_KEY_d where control:
            guard let focused else { return false }
            startKeyboardDrag?(focused)
        default:
            return false
        }
        return true
    }

    private func openMenu(at index: Int) {
        guard let tile = grid.tile(at: index) else { return }
        let model = Menu()
        for section in TileAction.menuSections {
            let part = Menu()
            for action in section where action != .moveToAlbum || gallery.scope != .allPhotos {
                part.append(action.title, action: "tile.\(action.rawValue)")
            }
            model.appendSection(part)
        }
        menu?.unparent()
        let popover = PopoverMenu(menu: model)
        popover.accessibleLabel = tr("Actions for {title}", ["title": tile.model?.title ?? tr("the photo")])
        popover.setParent(tile.root)
        popover.popup()
        menu = popover
    }

    private func chooseAlbum(for index: Int, moving: Bool, from anchor: Widget? = nil) {
        guard let anchor = anchor ?? grid.tile(at: index)?.root else { return }
        let albums = gallery.albums.filter { .album($0.id) != gallery.scope }
        chooser.show(albums: albums, moving: moving, from: anchor) { [weak self] album in
            self?.commands.add(around: index, toAlbum: album, moving: moving)
        }
    }

    /// The header's "Move to…": the selection goes to the album chosen.
    private func moveSelection() {
        guard let first = grid.selectedIndices.first else {
            gallery.window.toast.show(tr("Select photos first (click, Ctrl-click), then choose Move to…"))
            return
        }
        chooseAlbum(for: first, moving: gallery.scope != .allPhotos, from: gallery.window.moveToButton)
    }
}
