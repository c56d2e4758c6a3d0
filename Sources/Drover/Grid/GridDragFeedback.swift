import CGtk
import DragKit
import GtkKit

/// What a drag looks like in the grid: the drop gap (where a drop would
/// insert, the tiles from there on shift one cell along, and an outlined
/// empty cell marks the spot), the tiles lifted into the drag (faded), and
/// the flocking ring. This owns the gap's index, its indicator widget, the
/// index arithmetic that shifts tiles past it, and which tiles are lifted.
/// What to show is DragKit's decision; the drag adapters call
/// `showGap(at:)`, `setDragged(_:)` and `setDwell(on:progress:)` with it.
@MainActor
final class GridDragFeedback {
    /// Where a drop would insert: tiles from here on shift one cell along.
    private(set) var index: Int?
    private let indicator = Box(GTK_ORIENTATION_VERTICAL)
    /// Tiles lifted into the drag in progress: drawn faded until it ends.
    var draggedIDs: Set<String> = []

    init(in canvas: Canvas) {
        indicator.addCSSClass("drop-gap")
        indicator.canTarget = false
        indicator.isVisible = false
        canvas.addChild(indicator)
    }

    /// Moves the gap to `newIndex` (nil closes it). The grid animates the change.
    func moveGap(to newIndex: Int?) { index = newIndex }

    /// Cells the gap adds to the content (one while it is open).
    var extraCells: Int { index == nil ? 0 : 1 }

    /// The cell a tile occupies: its index, or one further when the gap opened before it.
    func displayIndex(_ itemIndex: Int) -> Int {
        guard let index, itemIndex >= index else { return itemIndex }
        return itemIndex + 1
    }

    /// Allocates the indicator in the gap's cell, inset a little, or hides it.
    func placeIndicator(in canvas: Canvas, geometry: GridGeometry, cellSize: Size) {
        guard let index else {
            indicator.isVisible = false
            return
        }
        let frame = geometry.frame(at: index)
        indicator.isVisible = true
        canvas.place(indicator, x: frame.minX + 6, y: frame.minY + 6,
                     width: Int32(cellSize.width - 12), height: Int32(cellSize.height - 12))
    }
}

extension PhotoGrid {
    /// Where a drop would insert, while a gap is open.
    var gapIndex: Int? { dragFeedback.index }

    /// Opens a gap at `index` (where a drop would insert), or closes it with nil.
    /// Neighbours slide aside; the pointer maths stays on the gapless layout,
    /// so the gap does not chase the pointer.
    func showGap(at index: Int?) {
        guard index != dragFeedback.index else { return }
        slideTiles { dragFeedback.moveGap(to: index) }
    }

    /// Fades the tiles lifted into a drag (empty when the drag ends).
    func setDragged(_ ids: Set<String>) {
        dragFeedback.draggedIDs = ids
        selectionInput.forgetPendingRelease()
        for (id, tile) in visibleTiles { tile.root.setCSSClass("dragged", ids.contains(id)) }
    }

    /// The flocking ring: `progress` over the tile `id`, or none.
    func setDwell(on id: String?, progress: Double) {
        for (tileID, tile) in visibleTiles { tile.setDwellProgress(tileID == id ? progress : nil) }
    }
}
