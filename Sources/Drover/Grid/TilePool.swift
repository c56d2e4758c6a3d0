import GtkKit

/// The grid's spare tiles. Only the visible tiles (plus a margin) exist; a
/// tile scrolled out of view comes back here, unbound and hidden, and is the
/// next one shown. This owns that pool and the wiring every new tile gets
/// once: its actions (over AT-SPI, menus and shortcuts), its placeholder
/// button and its focus tracking, all reported to the grid.
@MainActor
final class TilePool {
    private unowned let grid: PhotoGrid
    private var spare: [PhotoTile] = []
    /// Tiles made so far, spare or shown.
    private var made = 0
    private var makingAhead: TimerSource?
    private var madeAheadTarget = 0

    init(grid: PhotoGrid) {
        self.grid = grid
    }

    /// A tile to show: a recycled one, or a new one added to the canvas.
    func take() -> PhotoTile {
        if let tile = spare.popLast() {
            tile.root.isVisible = true
            return tile
        }
        return makeTile()
    }

    /// Makes spare tiles, one at each idle moment of the main loop, until `count` exist: a
    /// window waiting for its library makes its first screen's tiles then (about 1 ms of
    /// the main thread each), rather than in the frame that first shows them.
    func makeAhead(upTo count: Int) {
        madeAheadTarget = max(madeAheadTarget, count)
        guard makingAhead == nil, made < madeAheadTarget else { return }
        makingAhead = TimerSource.idle { [weak self] in
            guard let self, self.made < self.madeAheadTarget else {
                self?.makingAhead = nil
                return false
            }
            self.recycle(self.makeTile())
            return true
        }
    }

    private func makeTile() -> PhotoTile {
        made += 1
        let tile = PhotoTile()
        tile.onPlaceholderAction = { [weak grid] id, choice in grid?.onPlaceholderAction?(id, choice) }
        // Each tile's actions appear over AT-SPI as its own actions, so
        // assistive technology (and tests) can run them on that tile.
        let actions = ActionGroup()
        for action in TileAction.allCases {
            tile.actions[action] = actions.add(action.rawValue) { [weak grid, weak tile] in
                guard let grid, let id = tile?.model?.id, let index = grid.index(of: id) else { return }
                grid.onTileAction?(action, index)
            }
        }
        tile.root.insertActionGroup("tile", actions)
        let focus = FocusController()
        focus.onEnter { [weak grid, weak tile] in
            guard let grid, let id = tile?.model?.id else { return }
            grid.tileFocused(id)
        }
        tile.root.add(focus)
        grid.canvas.addChild(tile.root)
        return tile
    }

    func recycle(_ tile: PhotoTile) {
        tile.unbind()
        // Hidden tiles are skipped by GTK's focus chain, drawing and AT-SPI.
        tile.root.isVisible = false
        spare.append(tile)
    }
}
