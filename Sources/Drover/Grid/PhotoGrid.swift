import CGtk
import ChangeKit
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// The photo grid: a scrolled canvas of fixed-size cells where only the
/// visible tiles (plus a margin) exist. Tiles come from a pool, are placed by
/// `GridGeometry` arithmetic, and slide to their new places when items move.
/// GtkGridView cannot be labelled for AT-SPI in GTK 4.8 and cannot animate
/// gaps, so Drover lays out its own (docs/architecture.md, "Platform facts behind the shape").
///
/// This file owns the layout (which tiles are visible, and where), and the
/// state the other parts share (items, geometry, selection, focus). The other
/// jobs live in their own files: the spare tiles (`TilePool`), the drop gap
/// and other drag feedback (`GridDragFeedback`), clicks and the rubber band
/// (`GridSelectionInput`), and keyboard navigation (`GridKeyboardNavigation`).
@MainActor
final class PhotoGrid: CanvasLayout {
    static let spacing = 14.0
    static let padding = 18.0
    /// Tiles are kept this far outside the viewport, so scrolling shows no holes.
    static let overscan = 320.0
    /// The band grows a row a frame after the first tiles in view are made: the first
    /// screen's tiles with the whole band held the main thread for 38-45 ms of CPU before
    /// the open's first frame with tiles (a frame gap over 50 ms at every open of 100,000
    /// photos), and the band's tiles alone a frame later 30-49 ms (docs/benchmarks.md,
    /// eleventh pass). Once grown it stays: later tiles come from the pool.
    private var overscanMargin = 0.0
    private var overscanGrowing = false

    let scrolledWindow = ScrolledWindow()
    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GRID, cssName: "photo-grid")
    private let thumbnails: ThumbnailCache
    /// Set once the library is open: tiles show their photos' QR codes.
    var qrCodes: QRCodeStore?

    private(set) var items: [TileModel] = []
    /// The tiles' size (zoom); the geometry, DragKit's, follows it.
    private(set) var tileSize = TileSize.medium
    var cellSize: Size { tileSize.cellSize }
    private(set) var geometry = GridGeometry(width: 800, cellSize: TileSize.medium.cellSize, spacing: spacing, padding: padding)
    /// Changed only through `changeSelection` (PhotoGrid+SelectionAndFocus.swift).
    var selection = GridSelection()
    /// The tile that has (or is about to get) keyboard focus.
    var focusIndex: Int?

    private(set) var visibleTiles: [String: PhotoTile] = [:]
    private(set) var visibleRange = 0..<0
    /// The tiles `setItems` kept still stand where the previous collection placed them, until
    /// the next allocation moves them: until then `tile(at:)` hands none out, so that focus
    /// never lands on one there (the scrolled window would follow it to that old place).
    private var keptTilesAwaitPlacing = false
    /// A focus move waits for the tile's allocation (`focus(index:)`).
    var pendingFocus = false
    /// Run once the pending focus move has happened (see `whenFocusSettles`).
    private var afterFocus: [() -> Void] = []
    /// Tab (true) or Shift+Tab (false) from a tile: moves focus out; returns whether it did.
    var onTabOut: ((_ forward: Bool) -> Bool)?
    /// Says something to a screen reader (the window's announcer).
    var announce: ((String) -> Void)?
    /// Moves focus to a tile with a message said as it lands (the window's
    /// announcer: `Announcer.announce(_:movingFocusTo:)`).
    var announceMovingFocus: ((String, Widget) -> Void)?
    /// Makes a state change of the focused tile (its selected state), then says
    /// something there, so that the change itself is not spoken
    /// (`Announcer.announce(_:quietlyChanging:)`).
    var announceChanging: ((String, () -> Void) -> Void)?
    /// What the next focus move says as it lands (see `sayWhereFocusLands`).
    var landingMessage: String?
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
    /// Open the photo at this index in the viewer (Enter, a double click, the menu's Open).
    var onOpen: ((Int) -> Void)?
    /// What said the photo at an index may be opened next (`onOpenLikely`).
    enum OpenCue {
        /// A plain primary press on it: the first click of what may be a double click.
        case pressed
        /// Keyboard focus moved onto it: Enter may follow.
        case focused
    }
    /// The photo at this index may be opened next: the viewer decodes it ahead.
    var onOpenLikely: ((Int, OpenCue) -> Void)?
    /// Show the details of the photo at this index (Alt+Enter, the menu's Details).
    var onShowDetails: ((Int) -> Void)?
    /// Keys the grid does not handle itself go here first (Delete, Ctrl+C, …).
    var onKeyCommand: ((UInt32, GdkModifierType, _ focusedIndex: Int?) -> Bool)?

    init(thumbnails: ThumbnailCache) {
        self.thumbnails = thumbnails
        dragFeedback = GridDragFeedback(in: canvas)
        canvas.accessibleLabel = tr("Photos")
        canvas.accessibleDescription = tr("Arrow keys move between photos; Space selects; Shift+arrows extend the selection.")
        canvas.isFocusable = false
        canvas.setLayout(self)
        scrolledWindow.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
        scrolledWindow.accessibleLabel = tr("Photos scroll area")
        scrolledWindow.setChild(canvas)
        scrolledWindow.expandsHorizontally = true
        scrolledWindow.expandsVertically = true
        scrolledWindow.verticalAdjustment.onValueChanged { [weak self] in self?.scrolled() }
        // The input parts install their controllers on the canvas as they are made.
        _ = selectionInput
        _ = keyboard
        installZoomByScrolling()
    }

    // MARK: Items

    /// Replaces all items: only for the initial load of a collection.
    func setItems(_ newItems: [TileModel]) {
        // Focus on a tile stays in the grid (an album chosen in the narrow window's drawer
        // hands focus here before its photos load): on the first of the new photos.
        let hadFocus = visibleTiles.values.contains { $0.root.hasFocus }
        // The tiles on screen are kept for the layout this queues (`syncVisibleTiles`), which
        // recycles those whose photo is not in the new visible range and binds the rest, a
        // tile whose model is unchanged only to its new position. When a library's first page
        // gives way to the whole collection, the same photos stay on screen: recycled and bound
        // again, each tile's name, description and tooltip went over AT-SPI in the frame that
        // showed the collection (docs/benchmarks.md, fifteenth pass).
        keptTilesAwaitPlacing = !visibleTiles.isEmpty
        items = newItems
        selection.clear()
        focusIndex = nil
        canvas.queueResize()
        if hadFocus { focus(index: 0) }
    }

    /// Applies an incremental change, sliding visible tiles to their new places.
    func apply(_ steps: [ChangeStep<TileModel>]) {
        let anchorID = selection.anchorIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        let focusedID = focusIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        let hadFocus = focusedID.flatMap { visibleTiles[$0]?.root.hasFocus } ?? false
        // Focus and the selection's anchor are followed through the steps, and only the
        // ids the steps took out are looked for: at 100,000 tiles, hashing every id at
        // each change (each placeholder's progress is one) held the main thread for frames.
        let focusFollowed = focusIndex.flatMap { index in focusedID.flatMap { id in steps.followedIndex(index) { $0.id == id } } }
        let anchorFollowed = selection.anchorIndex.flatMap { index in anchorID.flatMap { id in steps.followedIndex(index) { $0.id == id } } }
        // The focused tile goes: what was around it decides where focus goes (rare: a delete).
        let before = focusedID != nil && focusFollowed == nil ? items.map(\.id) : nil
        var focusedTileWent = false
        slideTiles {
            let takenOut = applyNotingTakenOut(steps)
            selection.forget(takenOut)
            selection.moveAnchor(to: anchorFollowed)
            focusIndex = focusFollowed ?? focusIndex
            if let focusedID, let before, let old = before.firstIndex(of: focusedID) {
                // A removed photo hands focus to the next photo that is left, or
                // the previous one at the end: never to a container.
                let ids = Set(items.map(\.id))
                let survivor = before[old...].first(where: ids.contains) ?? before[..<old].last(where: ids.contains)
                focusIndex = survivor.flatMap { id in items.firstIndex { $0.id == id } }
                focusedTileWent = !ids.contains(focusedID)
            }
            for (id, tile) in visibleTiles where takenOut.contains(id) {
                visibleTiles[id] = nil
                pool.recycle(tile)
            }
        }
        // (Each tile shown got its position, "3 of 11", as it was bound: said at once.)
        if hadFocus, focusedTileWent, let focusIndex { focus(index: focusIndex) }
        onSelectionChanged?()
    }

    /// Applies `steps` to the items; returns the ids they took out and did not put back.
    private func applyNotingTakenOut(_ steps: [ChangeStep<TileModel>]) -> Set<String> {
        var takenOut = Set<String>()
        var putIn = Set<String>()
        // Inserts wait and go in together (`Array.apply` puts a run in at once: a drop's
        // 1,000 placeholders, one at a time, moved 100,000 tiles 1,000 times).
        var inserts: [ChangeStep<TileModel>] = []
        for step in steps {
            if case .insert(let model, _) = step {
                putIn.insert(model.id)
                inserts.append(step)
                continue
            }
            items.apply(inserts)
            inserts.removeAll(keepingCapacity: true)
            switch step {
            case .remove(let index):
                takenOut.insert(items[index].id)
            case .update(let model, let index) where items[index].id != model.id:
                takenOut.insert(items[index].id)
                putIn.insert(model.id)
            case .insert, .update, .move:
                break
            }
            items.apply([step])
        }
        items.apply(inserts)
        return takenOut.subtracting(putIn)
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
        guard !keptTilesAwaitPlacing, items.indices.contains(index) else { return nil }
        return visibleTiles[items[index].id]
    }

    /// Changes the tiles' size and lays the grid out again, keeping the focused tile in view.
    func setTileSize(_ size: TileSize) {
        guard size != tileSize else { return }
        tileSize = size
        canvas.queueResize()
    }

    /// Ctrl+scroll zooms (up: larger tiles). Touchpads send small steps: they add up.
    private var zoomScroll = 0.0
    private func installZoomByScrolling() {
        let scroll = ScrollController()
        scroll.setPropagationPhase(GTK_PHASE_CAPTURE)
        scroll.onScroll { [weak self, weak scroll] _, dy in
            guard let self, let scroll, scroll.currentModifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            self.zoomScroll += dy
            if self.zoomScroll <= -1 { self.setTileSize(self.tileSize.larger); self.zoomScroll = 0 }
            if self.zoomScroll >= 1 { self.setTileSize(self.tileSize.smaller); self.zoomScroll = 0 }
            return true
        }
        scrolledWindow.add(scroll)
    }

    /// Right to left under a right-to-left language: the first photo at the right (DragKit's
    /// geometry mirrors the frames, the drop points and the arrow keys alike).
    var layoutDirection: LayoutDirection { canvas.isRightToLeft ? .rightToLeft : .leftToRight }

    // MARK: CanvasLayout

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let one = Int32(cellSize.width + 2 * Self.padding)
            return (one, Int32(4 * (cellSize.width + Self.spacing) + 2 * Self.padding))
        }
        let width = forSize > 0 ? Double(forSize) : geometry.width
        let layout = GridGeometry(width: width, cellSize: cellSize, spacing: Self.spacing, padding: Self.padding,
                                  direction: layoutDirection)
        let height = Int32(layout.contentHeight(for: items.count + dragFeedback.extraCells).rounded(.up))
        return (height, height)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        geometry = GridGeometry(width: Double(width), cellSize: cellSize, spacing: Self.spacing, padding: Self.padding,
                                direction: layoutDirection)
        syncVisibleTiles()
        if items.isEmpty {
            // Waiting for the library (or an empty album): the tiles a screen holds are made meanwhile.
            let rows = Int(((max(scrolledWindow.verticalAdjustment.pageSize, Double(height)) + 2 * Self.overscan)
                            / (cellSize.height + Self.spacing)).rounded(.up)) + 1
            pool.makeAhead(upTo: rows * geometry.columns)
        } else if !overscanGrowing, overscanMargin < Self.overscan {
            growOverscanByFrames()
        }
        for index in visibleRange {
            let model = items[index]
            guard let tile = visibleTiles[model.id] else { continue }
            let frame = geometry.frame(at: dragFeedback.displayIndex(index))
            let offset = slides.offset(for: model.id)
            canvas.place(tile.root, x: frame.minX, y: frame.minY,
                         width: Int32(cellSize.width), height: Int32(cellSize.height),
                         translation: offset.translation, scale: offset.scale)
        }
        keptTilesAwaitPlacing = false
        // Every child gets an allocation, shown or not (GTK wants it).
        selectionInput.placeBand(in: canvas)
        dragFeedback.placeIndicator(in: canvas, geometry: geometry, cellSize: cellSize)
        if pendingFocus, let focusIndex, let tile = tile(at: focusIndex) {
            pendingFocus = false
            takeFocus(tile)
            let waiting = afterFocus
            afterFocus = []
            waiting.forEach { $0() }
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
        thumbnails.fit(shownTextures: range.reduce(0) { $0 + items[$1].textureCount })
        var wanted = Set<String>()
        for index in range { wanted.insert(items[index].id) }
        for (id, tile) in visibleTiles where !wanted.contains(id) {
            visibleTiles[id] = nil
            pool.recycle(tile)
        }
        var previous: Widget?
        let tabStop = focusIndex.flatMap { range.contains($0) ? $0 : nil } ?? range.lowerBound
        for index in range {
            let model = items[index]
            let tile = visibleTiles[model.id] ?? pool.take()
            visibleTiles[model.id] = tile
            // Keep the widget order the reading order: AT-SPI lists children,
            // and Tab moves focus, in sibling order, not by position on screen.
            canvas.keepChild(tile.root, after: previous)
            previous = tile.root
            tile.bind(model, position: index + 1, of: items.count, thumbnails: thumbnails, qrCodes: qrCodes)
            tile.setSelected(selection.contains(model.id))
            // Before it is placed: changing it queues a resize, which must not
            // come after the tile's allocation in this pass.
            tile.root.canFocus = index == tabStop
            tile.root.setCSSClass("dragged", dragFeedback.draggedIDs.contains(model.id))
        }
    }

    /// Runs `body` once keyboard focus is where `focus(index:)` last put it
    /// (at once, or after the layout that makes the tile): an announcement
    /// must land on the photo the user is on, after the screen reader has
    /// moved there.
    func whenFocusSettles(_ body: @escaping () -> Void) {
        if pendingFocus { afterFocus.append(body) } else { body() }
    }

    // MARK: Visible range

    private func rangeToShow() -> Range<Int> {
        let adjustment = scrolledWindow.verticalAdjustment
        let top = adjustment.value - overscanMargin
        let bottom = adjustment.value + max(adjustment.pageSize, 1) + overscanMargin
        return geometry.indices(inBandFrom: top, to: bottom, count: items.count)
    }

    private func growOverscanByFrames() {
        overscanGrowing = true
        canvas.addTickCallback { [weak self] _ in
            guard let self else { return false }
            self.overscanMargin = min(Self.overscan, self.overscanMargin + self.cellSize.height + Self.spacing)
            self.scrolled()
            self.overscanGrowing = self.overscanMargin < Self.overscan
            return self.overscanGrowing
        }
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
