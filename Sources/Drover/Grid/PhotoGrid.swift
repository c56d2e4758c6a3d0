import CGtk
import ChangeKit
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The photo grid: a scrolled canvas of fixed-size cells where only the
/// visible tiles (plus a margin) exist. Tiles come from a pool, are placed by
/// `GridGeometry` arithmetic, and slide to their new places when items move.
/// GtkGridView cannot be labelled for AT-SPI in GTK 4.8 and cannot animate
/// gaps, so Drover lays out its own (DESIGN.md, "The photo grid").
///
/// This file owns the layout (which tiles are visible, and where), and the
/// state the other parts share (items, geometry, selection, focus). The other
/// jobs live in their own files: the spare tiles (`TilePool`), the drop gap
/// and other drag feedback (`GridDragFeedback`), clicks and the rubber band
/// (`GridSelectionInput`), and keyboard navigation (`GridKeyboardNavigation`).
@MainActor
final class PhotoGrid: CanvasLayout {
    static let cellSize = Size(width: 176, height: 204)
    static let spacing = 14.0
    static let padding = 18.0
    /// Tiles are kept this far outside the viewport, so scrolling shows no holes.
    static let overscan = 320.0

    let scrolledWindow = ScrolledWindow()
    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GRID, cssName: "photo-grid")
    private let thumbnails: ThumbnailCache
    /// Set once the library is open: tiles show their photos' QR codes.
    var qrCodes: QRCodeStore?

    private(set) var items: [TileModel] = []
    private(set) var geometry = GridGeometry(width: 800, cellSize: cellSize, spacing: spacing, padding: padding)
    private(set) var selection = GridSelection()
    /// The tile that has (or is about to get) keyboard focus.
    private(set) var focusIndex: Int?

    private(set) var visibleTiles: [String: PhotoTile] = [:]
    private var visibleRange = 0..<0
    private var pendingFocus = false
    private let slides = TileSlides()
    let dragFeedback: GridDragFeedback
    private lazy var pool = TilePool(grid: self)
    private(set) lazy var selectionInput = GridSelectionInput(grid: self)
    private lazy var keyboard = GridKeyboardNavigation(grid: self)

    var onSelectionChanged: (() -> Void)?
    var onContextMenu: ((_ index: Int, _ x: Double, _ y: Double) -> Void)?
    var onPlaceholderAction: ((String, PlaceholderOverlay.Choice) -> Void)?
    /// A tile's action ran (from its AT-SPI actions, its menu or a shortcut): name and index.
    var onTileAction: ((TileAction, Int) -> Void)?
    /// Keys the grid does not handle itself go here first (Delete, Ctrl+C, …).
    var onKeyCommand: ((UInt32, GdkModifierType, _ focusedIndex: Int?) -> Bool)?

    init(thumbnails: ThumbnailCache) {
        self.thumbnails = thumbnails
        dragFeedback = GridDragFeedback(in: canvas)
        canvas.accessibleLabel = "Photos"
        canvas.accessibleDescription = "Arrow keys move between photos; Space selects; Shift+arrows extend the selection."
        canvas.isFocusable = false
        canvas.setLayout(self)
        scrolledWindow.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
        scrolledWindow.setChild(canvas)
        scrolledWindow.expandsHorizontally = true
        scrolledWindow.expandsVertically = true
        scrolledWindow.verticalAdjustment.onValueChanged { [weak self] in self?.scrolled() }
        // The input parts install their controllers on the canvas as they are made.
        _ = selectionInput
        _ = keyboard
    }

    // MARK: Items

    /// Replaces all items: only for the initial load of a collection.
    func setItems(_ newItems: [TileModel]) {
        for tile in visibleTiles.values { pool.recycle(tile) }
        visibleTiles = [:]
        items = newItems
        selection.clear()
        focusIndex = nil
        canvas.queueResize()
    }

    /// Applies an incremental change, sliding visible tiles to their new places.
    func apply(_ steps: [ChangeStep<TileModel>]) {
        let anchorID = selection.anchorIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        let focusedID = focusIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        slideTiles {
            items.apply(steps)
            let ids = Set(items.map(\.id))
            selection.retain(only: ids)
            selection.reanchor(anchorID: anchorID, in: items)
            if let focusedID { focusIndex = items.firstIndex { $0.id == focusedID } ?? min(focusIndex ?? 0, items.count - 1) }
            for (id, tile) in visibleTiles where !ids.contains(id) {
                visibleTiles[id] = nil
                pool.recycle(tile)
            }
        }
        onSelectionChanged?()
    }

    /// Runs `change` (to the items or the gap), then slides the visible tiles
    /// from where they were to their new cells.
    func slideTiles(after change: () -> Void) {
        let before = currentFrames()
        change()
        slides.start(from: before, to: { [geometry, dragFeedback] index in geometry.frame(at: dragFeedback.displayIndex(index)) },
                     items: items, shown: rangeToShow(), canvas: canvas)
        syncVisibleTiles()
        canvas.queueResize()
    }

    func index(of id: String) -> Int? { items.firstIndex { $0.id == id } }

    /// The frame of the tile at `index` in canvas coordinates, if that part of
    /// the grid is scrolled into view.
    func frameOnScreen(_ index: Int) -> Rect? {
        let frame = geometry.frame(at: dragFeedback.displayIndex(index))
        let adjustment = scrolledWindow.verticalAdjustment
        guard frame.maxY > adjustment.value, frame.minY < adjustment.value + adjustment.pageSize else { return nil }
        return frame
    }

    func tile(at index: Int) -> PhotoTile? {
        guard items.indices.contains(index) else { return nil }
        return visibleTiles[items[index].id]
    }

    // MARK: Selection and focus (the state; the input that changes it is elsewhere)

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
    func changeSelection(_ change: (inout GridSelection) -> Void, focusing index: Int? = nil) {
        change(&selection)
        if let index { focus(index: index) }
        for (id, tile) in visibleTiles { tile.setSelected(selection.contains(id)) }
        onSelectionChanged?()
    }

    /// Moves keyboard focus to `index`, scrolling it into view first. A tile
    /// that does not exist yet gets focus once the next allocation makes it.
    func focus(index: Int) {
        guard !items.isEmpty else { return }
        let index = min(max(0, index), items.count - 1)
        focusIndex = index
        scrollIntoView(index)
        if let tile = tile(at: index), tile.root.isVisible {
            tile.root.grabFocus()
        } else {
            pendingFocus = true
            canvas.queueAllocate()
        }
    }

    /// A tile took keyboard focus (by click, Tab or `focus(index:)`).
    func tileFocused(_ id: String) { focusIndex = index(of: id) }

    func scrollIntoView(_ index: Int) {
        let frame = geometry.frame(at: index)
        let adjustment = scrolledWindow.verticalAdjustment
        if frame.minY < adjustment.value {
            adjustment.value = frame.minY - Self.padding
        } else if frame.maxY > adjustment.value + adjustment.pageSize {
            adjustment.value = frame.maxY - adjustment.pageSize + Self.padding
        }
    }

    // MARK: CanvasLayout

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let one = Int32(Self.cellSize.width + 2 * Self.padding)
            return (one, Int32(4 * (Self.cellSize.width + Self.spacing) + 2 * Self.padding))
        }
        let width = forSize > 0 ? Double(forSize) : geometry.width
        let layout = GridGeometry(width: width, cellSize: Self.cellSize, spacing: Self.spacing, padding: Self.padding)
        let height = Int32(layout.contentHeight(for: items.count + dragFeedback.extraCells).rounded(.up))
        return (height, height)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        geometry = GridGeometry(width: Double(width), cellSize: Self.cellSize, spacing: Self.spacing, padding: Self.padding)
        syncVisibleTiles()
        for index in visibleRange {
            let model = items[index]
            guard let tile = visibleTiles[model.id] else { continue }
            let frame = geometry.frame(at: dragFeedback.displayIndex(index))
            let offset = slides.offset(for: model.id)
            canvas.place(tile.root, x: frame.minX, y: frame.minY,
                         width: Int32(Self.cellSize.width), height: Int32(Self.cellSize.height),
                         translation: offset.translation, scale: offset.scale)
        }
        // Every child gets an allocation, shown or not (GTK wants it).
        selectionInput.placeBand(in: canvas)
        dragFeedback.placeIndicator(in: canvas, geometry: geometry, cellSize: Self.cellSize)
        if pendingFocus, let focusIndex, let tile = tile(at: focusIndex) {
            pendingFocus = false
            tile.root.grabFocus()
        }
    }

    /// Makes the tiles of the visible range exist, bound to their items, in
    /// reading order. Binding changes labels and classes, which queues a
    /// resize up through every ancestor: done inside `allocate` alone, that
    /// left the window's GtkStack flagged unallocated when it was drawn
    /// ("Trying to snapshot GtkStack … without a current allocation", after
    /// every delete-zone drop, when a tile scrolls into the range). So it
    /// also runs as soon as the items or the scroll position change, before
    /// the next layout, and `allocate` then finds nothing left to bind.
    private func syncVisibleTiles() {
        let range = rangeToShow()
        visibleRange = range
        var wanted = Set<String>()
        for index in range { wanted.insert(items[index].id) }
        for (id, tile) in visibleTiles where !wanted.contains(id) {
            visibleTiles[id] = nil
            pool.recycle(tile)
        }
        var previous: Widget?
        for index in range {
            let model = items[index]
            let tile = visibleTiles[model.id] ?? pool.take()
            visibleTiles[model.id] = tile
            // Keep the widget order the reading order: AT-SPI lists children,
            // and Tab moves focus, in sibling order, not by position on screen.
            canvas.keepChild(tile.root, after: previous)
            previous = tile.root
            tile.bind(model, thumbnails: thumbnails, qrCodes: qrCodes)
            tile.setSelected(selection.contains(model.id))
            tile.root.setCSSClass("dragged", dragFeedback.draggedIDs.contains(model.id))
        }
    }

    // MARK: Visible range

    private func rangeToShow() -> Range<Int> {
        let adjustment = scrolledWindow.verticalAdjustment
        let top = adjustment.value - Self.overscan
        let bottom = adjustment.value + max(adjustment.pageSize, 1) + Self.overscan
        return geometry.indices(inBandFrom: top, to: bottom, count: items.count)
    }

    private func scrolled() {
        if rangeToShow() != visibleRange {
            syncVisibleTiles()
            canvas.queueAllocate()
        }
    }

    private func currentFrames() -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for index in visibleRange where items.indices.contains(index) {
            frames[items[index].id] = geometry.frame(at: dragFeedback.displayIndex(index))
        }
        return frames
    }
}
