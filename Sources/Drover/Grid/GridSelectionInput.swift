import CGtk
import DragKit
import GtkKit

/// Pointer selection in the grid: clicks (plain, Shift, Ctrl, secondary) and
/// the rubber band drawn from empty space. This owns the click and band
/// gestures, the band's widget, and the "select only this on release" rule
/// that lets a multiple selection be dragged. The selection itself is the
/// grid's (`PhotoGrid.changeSelection`).
@MainActor
final class GridSelectionInput {
    private unowned let grid: PhotoGrid
    /// Kept so handlers can ask it for the pressed button and modifiers.
    private let click = ClickGesture(button: 0)
    private let rubberBand = DragGesture()
    private let bandBox = Box(GTK_ORIENTATION_VERTICAL)
    private var bandStart: Point?
    private var bandBase: Set<String> = []
    private var bandFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// A plain press on an already selected tile selects only it on release,
    /// unless a drag starts first (so a multiple selection can be dragged).
    private var selectOnlyOnRelease: Int?

    init(grid: PhotoGrid) {
        self.grid = grid
        click.onPressed { [weak self] count, x, y in
            guard let self else { return }
            self.pressed(at: Point(x: x, y: y), button: self.click.currentButton, modifiers: self.click.currentModifiers)
            // A double click on a photo opens it (the first click selected it).
            if count == 2, self.click.currentButton == UInt32(GDK_BUTTON_PRIMARY),
               let index = self.grid.geometry.index(at: Point(x: x, y: y), count: self.grid.items.count) {
                self.selectOnlyOnRelease = nil
                self.grid.onOpen?(index)
            }
        }
        click.onReleased { [weak self] _, _, _ in
            guard let self, let index = self.selectOnlyOnRelease else { return }
            self.selectOnlyOnRelease = nil
            if self.grid.items.indices.contains(index) { self.grid.selectOnly(index) }
        }
        grid.canvas.add(click)
        installRubberBand()
    }

    /// A drag started (or the selection was set outright): the pending
    /// "select only this on release" no longer applies.
    func forgetPendingRelease() { selectOnlyOnRelease = nil }

    /// Allocates the band where it is drawn (every child needs an allocation, shown or not).
    func placeBand(in canvas: Canvas) {
        let band = bandBox.isVisible ? bandFrame : Rect(x: 0, y: 0, width: 1, height: 1)
        canvas.place(bandBox, x: band.minX, y: band.minY, width: Int32(max(1, band.width)), height: Int32(max(1, band.height)))
    }

    private func pressed(at point: Point, button: UInt32, modifiers: GdkModifierType) {
        let items = grid.items
        guard let index = grid.geometry.index(at: point, count: items.count) else {
            if button == UInt32(GDK_BUTTON_PRIMARY) && modifiers.rawValue & GDK_CONTROL_MASK.rawValue == 0 {
                grid.changeSelection { $0.clear() }
            }
            return
        }
        if button == UInt32(GDK_BUTTON_SECONDARY) {
            grid.changeSelection { selection in
                if !selection.contains(items[index].id) { selection.select(only: index, in: items) }
            }
            grid.onContextMenu?(index, point.x, point.y)
            return
        }
        var change: (inout GridSelection) -> Void = { _ in }
        if modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 {
            change = { $0.extend(to: index, in: items) }
        } else if modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
            change = { $0.toggle(index, in: items) }
        } else {
            if button == UInt32(GDK_BUTTON_PRIMARY) { grid.onOpenLikely?(index, .pressed) }
            if grid.selection.contains(items[index].id) {
                selectOnlyOnRelease = index
            } else {
                change = { $0.select(only: index, in: items) }
            }
        }
        grid.changeSelection(change, focusing: index)
    }

    // MARK: Rubber band

    /// A press on empty space and a drag selects the tiles the band touches
    /// (with Ctrl, in addition to the selection). A press on a tile is a drag
    /// of the tile instead, so the band gives way there.
    private func installRubberBand() {
        bandBox.addCSSClass("rubber-band")
        bandBox.canTarget = false
        bandBox.isVisible = false
        grid.canvas.addChild(bandBox)
        rubberBand.onBegin { [weak self] x, y in
            guard let self else { return }
            let start = Point(x: x, y: y)
            guard self.grid.geometry.index(at: start, count: self.grid.items.count) == nil else { return self.rubberBand.deny() }
            self.bandStart = start
            let control = self.rubberBand.currentModifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
            self.bandBase = control ? self.grid.selection.selectedIDs : []
        }
        rubberBand.onUpdate { [weak self] dx, dy in self?.updateBand(dx: dx, dy: dy) }
        rubberBand.onEnd { [weak self] _, _ in
            guard let self else { return }
            self.bandStart = nil
            self.bandBox.isVisible = false
            self.grid.canvas.queueAllocate()
        }
        grid.canvas.add(rubberBand)
    }

    private func updateBand(dx: Double, dy: Double) {
        guard let start = bandStart else { return }
        let band = Rect(x: min(start.x, start.x + dx), y: min(start.y, start.y + dy), width: abs(dx), height: abs(dy))
        let geometry = grid.geometry, items = grid.items, base = bandBase
        let touched = geometry.indices(inBandFrom: band.minY, to: band.maxY, count: items.count)
            .filter { geometry.frame(at: $0).intersects(band) }
        bandFrame = band
        bandBox.isVisible = true
        grid.changeSelection { $0.select(indices: touched, in: items, adding: base) }
        grid.canvas.queueAllocate()
    }
}
