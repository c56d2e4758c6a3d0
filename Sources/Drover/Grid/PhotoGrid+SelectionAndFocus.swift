import GtkKit
import Localization

/// The grid's selection and keyboard focus: the state, what changes it, and what a screen
/// reader hears as it changes. (The input that changes it is elsewhere:
/// `GridSelectionInput`, `GridKeyboardNavigation`.)
extension PhotoGrid {
    func isSelected(_ index: Int) -> Bool { items.indices.contains(index) && selection.contains(items[index].id) }
    var selectedIndices: [Int] { items.indices.filter { selection.contains(items[$0].id) } }

    /// Selects only the tile at `index` (a drag starting on an unselected tile).
    func selectOnly(_ index: Int) {
        selectionInput.forgetPendingRelease()
        changeSelection { $0.select(only: index, in: items) }
    }

    /// Changes the selection and shows the result on the tiles. With
    /// `focusing`, that tile takes keyboard focus before the change is shown
    /// and announced (a click focuses the tile it selects).
    ///
    /// With `announcing` (a change made from the keyboard), the result is
    /// said once, and no tile's state change is spoken besides: where focus
    /// stays, the focused tile changes state quietly and the result is said
    /// there ("Selected. 3 photos selected."), its new description waiting
    /// until focus leaves it; where focus moves, the result is said as focus
    /// lands on a tile already showing its new state ("Selected. 2 of 12. …
    /// 2 photos selected."), and the tile focus left changes only after (a
    /// screen reader speaks every change of the tile it is on).
    func changeSelection(announcing: Bool = false, _ change: (inout GridSelection) -> Void, focusing index: Int? = nil) {
        let wasSelected = focusIndex.map(isSelected)
        change(&selection)
        let focusedID = visibleTiles.first { $0.value.root.hasFocus }?.key
        let showSelection = { [self] (focused: Bool) in
            for (id, tile) in visibleTiles where (id == focusedID) == focused { tile.setSelected(selection.contains(id)) }
        }
        if let index {
            showSelection(false)
            focus(index: index, announcing: announcing ? selectionMessage(focusedWasSelected: nil) : nil)
            showSelection(true)
        } else if announcing, let announceChanging {
            let message = selectionMessage(focusedWasSelected: wasSelected)
            showSelection(false)
            announceChanging(message) { showSelection(true) }
        } else {
            showSelection(false)
            showSelection(true)
        }
        onSelectionChanged?()
    }

    /// "3 photos selected."; with whether the focused tile was selected before,
    /// its change first ("Selected. 3 photos selected.").
    private func selectionMessage(focusedWasSelected: Bool?) -> String {
        let count = selection.selectedIDs.count
        if count == items.count, count > 1 { return ntr("All {count} photos selected.", "All {count} photos selected.", count) }
        let total = count == 0 ? tr("Nothing selected.") : ntr("{count} photo selected.", "{count} photos selected.", count)
        if let focusIndex, let was = focusedWasSelected, isSelected(focusIndex) != was, count > 0 {
            return (isSelected(focusIndex) ? tr("Selected.") : tr("Not selected.")) + " " + total
        }
        return total
    }

    /// Moves keyboard focus to `index`, scrolling it into view first. A tile
    /// that does not exist yet gets focus once the next allocation makes it.
    /// `message` is said as focus lands there, with the tile (see `takeFocus`).
    func focus(index: Int, announcing message: String? = nil) {
        if let message { landingMessage = [landingMessage, message].compactMap { $0 }.joined(separator: " ") }
        guard !items.isEmpty else { return sayLandingMessageIfUnsaid() }
        let index = min(max(0, index), items.count - 1)
        focusIndex = index
        scrollIntoView(index)
        updateTabStop()
        if let tile = tile(at: index), tile.root.isVisible {
            takeFocus(tile)
        } else {
            pendingFocus = true
            canvas.queueAllocate()
        }
    }

    /// Focus to `tile`, saying the landing message there if there is one: in
    /// the tile's description before the focus event, so a screen reader
    /// reads it once, with the title and position of the photo it lands on.
    func takeFocus(_ tile: PhotoTile) {
        guard let message = landingMessage, let announceMovingFocus else {
            tile.root.grabFocus()
            return
        }
        landingMessage = nil
        announceMovingFocus(message, tile.root)
    }

    /// Says `message` where focus lands when the change about to be made moves
    /// it (a delete hands focus from the deleted photo to the next): call
    /// `sayLandingMessageIfUnsaid` once the change is shown, for when it did not.
    /// Nil: the change failed; nothing to say.
    func sayWhereFocusLands(_ message: String?) {
        landingMessage = message
    }

    /// Says the landing message where focus is, if no focus move said it.
    func sayLandingMessageIfUnsaid() {
        guard let message = landingMessage else { return }
        landingMessage = nil
        announce?(message)
    }

    /// The grid is one Tab stop: only the tile with the roving focus (or,
    /// when it is scrolled away, the first tile on screen) takes focus from
    /// Tab; arrows move between tiles inside.
    private func updateTabStop() {
        let stop = focusIndex.flatMap { tile(at: $0) } ?? visibleRange.lazy.compactMap { self.tile(at: $0) }.first
        for tile in visibleTiles.values { tile.root.canFocus = tile === stop }
    }

    /// Moves focus to the grid's Tab stop (the roving focus); false when the grid is empty.
    @discardableResult
    func focusTabStop() -> Bool {
        guard !items.isEmpty else { return false }
        let visible = focusIndex.map { frameOnScreen($0) != nil } ?? false
        focus(index: visible ? focusIndex! : visibleRange.lowerBound)
        return true
    }

    /// A tile took keyboard focus (by click, Tab or `focus(index:)`).
    func tileFocused(_ id: String) {
        focusIndex = index(of: id)
        updateTabStop()
    }

    func scrollIntoView(_ index: Int) {
        let frame = geometry.frame(at: index)
        let adjustment = scrolledWindow.verticalAdjustment
        if frame.minY < adjustment.value {
            adjustment.value = frame.minY - Self.padding
        } else if frame.maxY > adjustment.value + adjustment.pageSize {
            adjustment.value = frame.maxY - adjustment.pageSize + Self.padding
        }
    }
}
