import CGtk
import GtkKit
import Localization

/// Keyboard use of the grid: arrows, Home/End and Page Up/Down move focus
/// (with Shift, extending the selection), Space and Ctrl+A select, Escape
/// clears, Enter opens the photo in the viewer (Alt+Enter its details), and the Menu key or Shift+F10 opens the context menu. Keys it does
/// not handle go to the app first (`PhotoGrid.onKeyCommand`: Delete, Ctrl+C, …).
@MainActor
final class GridKeyboardNavigation {
    private unowned let grid: PhotoGrid

    init(grid: PhotoGrid) {
        self.grid = grid
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, modifiers in
            self?.keyPressed(keyval, modifiers: modifiers) ?? false
        }
        grid.canvas.add(keys)
    }

    private func keyPressed(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        if grid.onKeyCommand?(keyval, modifiers, grid.focusIndex) == true { return true }
        let items = grid.items
        guard !items.isEmpty else { return false }
        let current = grid.focusIndex ?? 0
        let columns = grid.geometry.columns
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let alt = modifiers.rawValue & GDK_ALT_MASK.rawValue != 0
        let rowHeight = grid.cellSize.height + PhotoGrid.spacing
        let rowsPerPage = max(1, Int(grid.scrolledWindow.verticalAdjustment.pageSize / rowHeight))
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab:
            // The grid is one Tab stop: Tab leaves it (arrows move inside).
            let forward = Int32(keyval) == GDK_KEY_Tab && !shift
            return grid.onTabOut?(forward) ?? false
        // Left and Right as seen: right to left, Left goes to the next photo.
        case GDK_KEY_Left: target = current + grid.geometry.direction.indexStep(rightArrow: false)
        case GDK_KEY_Right: target = current + grid.geometry.direction.indexStep(rightArrow: true)
        case GDK_KEY_Up: target = current - columns
        case GDK_KEY_Down: target = current + columns
        case GDK_KEY_Home: target = 0
        case GDK_KEY_End: target = items.count - 1
        case GDK_KEY_Page_Up: target = current - rowsPerPage * columns
        case GDK_KEY_Page_Down: target = current + rowsPerPage * columns
        case GDK_KEY_space:
            grid.changeSelection(announcing: true) { selection in
                if control { selection.toggle(current, in: items) } else { selection.select(only: current, in: items) }
            }
            return true
        case GDK_KEY_a where control:
            grid.changeSelection(announcing: true) { selection in
                for index in items.indices where !selection.contains(items[index].id) { selection.toggle(index, in: items) }
            }
            return true
        case GDK_KEY_Escape:
            guard !grid.selection.isEmpty else { return false }
            grid.changeSelection(announcing: true) { $0.clear() }
            return true
        case GDK_KEY_Return where alt, GDK_KEY_KP_Enter where alt:
            grid.onShowDetails?(current)
            return true
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            grid.onOpen?(current)
            return true
        case GDK_KEY_Menu:
            openContextMenu(at: current)
            return true
        case GDK_KEY_F10 where shift:
            openContextMenu(at: current)
            return true
        default:
            return false
        }
        let clamped = min(max(0, target), items.count - 1)
        if clamped == current && target != current {
            // Nothing further that way: say so, or the key seems to do nothing.
            grid.announce?(target > current ? tr("Last photo.") : tr("First photo."))
            return true
        }
        if shift {
            grid.changeSelection(announcing: true, { $0.extend(to: clamped, in: items) }, focusing: clamped)
        } else {
            grid.focus(index: clamped)
            grid.onOpenLikely?(clamped, .focused)
        }
        return true
    }

    /// Opens the context menu over the focused tile, selecting it first if it
    /// is not part of the selection (the menu acts on the selection).
    private func openContextMenu(at index: Int) {
        let items = grid.items
        if !grid.selection.contains(items[index].id) {
            grid.changeSelection { $0.select(only: index, in: items) }
        }
        let frame = grid.geometry.frame(at: index)
        grid.onContextMenu?(index, frame.center.x, frame.center.y)
    }
}
