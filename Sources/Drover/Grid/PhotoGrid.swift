import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The photo grid: a scrolled canvas of fixed-size cells where only the
/// visible tiles (plus a margin) exist. Tiles come from a pool, are placed by
/// `GridGeometry` arithmetic, and slide to their new places when items move.
/// GtkGridView cannot be labelled for AT-SPI in GTK 4.8 and cannot animate
/// gaps, so Drover lays out its own (DESIGN.md, "The photo grid").
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

    private var visibleTiles: [String: PhotoTile] = [:]
    private var pool: [PhotoTile] = []
    private var visibleRange = 0..<0
    private var focusIndex: Int?
    private var pendingFocus = false
    private let slides = TileSlides()
    /// Tiles lifted into the drag in progress: drawn faded until it ends.
    private var draggedIDs: Set<String> = []
    /// Where a drop would insert: tiles from here on shift one cell along.
    private(set) var gapIndex: Int?
    private let gapIndicator = Box(GTK_ORIENTATION_VERTICAL)
    /// A plain press on an already selected tile selects only it on release,
    /// unless a drag starts first (so a multiple selection can be dragged).
    private var selectOnlyOnRelease: Int?

    var onSelectionChanged: (() -> Void)?
    var onContextMenu: ((_ index: Int, _ x: Double, _ y: Double) -> Void)?
    var onPlaceholderAction: ((String) -> Void)?
    /// A tile's action ran (from its AT-SPI actions, its menu or a shortcut): name and index.
    var onTileAction: ((TileAction, Int) -> Void)?
    /// Keys the grid does not handle itself go here first (Delete, Ctrl+C, …).
    var onKeyCommand: ((UInt32, GdkModifierType, _ focusedIndex: Int?) -> Bool)?

    init(thumbnails: ThumbnailCache) {
        self.thumbnails = thumbnails
        canvas.accessibleLabel = "Photos"
        canvas.accessibleDescription = "Arrow keys move between photos; Space selects; Shift+arrows extend the selection."
        canvas.isFocusable = false
        canvas.setLayout(self)
        scrolledWindow.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
        scrolledWindow.setChild(canvas)
        scrolledWindow.expandsHorizontally = true
        scrolledWindow.expandsVertically = true
        scrolledWindow.verticalAdjustment.onValueChanged { [weak self] in self?.scrolled() }
        gapIndicator.addCSSClass("drop-gap")
        gapIndicator.canTarget = false
        gapIndicator.isVisible = false
        canvas.addChild(gapIndicator)
        installInput()
    }

    // MARK: Items

    /// Replaces all items: only for the initial load of a collection.
    func setItems(_ newItems: [TileModel]) {
        for tile in visibleTiles.values { recycle(tile) }
        visibleTiles = [:]
        items = newItems
        selection.clear()
        focusIndex = nil
        canvas.queueResize()
    }

    /// Applies an incremental change, sliding visible tiles to their new places.
    func apply(_ steps: [ChangeStep<TileModel>]) {
        let before = currentFrames()
        let anchorID = selection.anchorIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        let focusedID = focusIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        items.apply(steps)

        let ids = Set(items.map(\.id))
        selection.retain(only: ids)
        selection.reanchor(anchorID: anchorID, in: items)
        if let focusedID { focusIndex = items.firstIndex { $0.id == focusedID } ?? min(focusIndex ?? 0, items.count - 1) }
        for (id, tile) in visibleTiles where !ids.contains(id) {
            visibleTiles[id] = nil
            recycle(tile)
        }
        slides.start(from: before, to: { [geometry] index in geometry.frame(at: index) }, items: items, canvas: canvas)
        canvas.queueResize()
        onSelectionChanged?()
    }

    func index(of id: String) -> Int? { items.firstIndex { $0.id == id } }

    /// The frame of the tile at `index` in canvas coordinates, if that part of
    /// the grid is scrolled into view.
    func frameOnScreen(_ index: Int) -> Rect? {
        let frame = geometry.frame(at: displayIndex(index))
        let adjustment = scrolledWindow.verticalAdjustment
        guard frame.maxY > adjustment.value, frame.minY < adjustment.value + adjustment.pageSize else { return nil }
        return frame
    }

    func isSelected(_ index: Int) -> Bool { items.indices.contains(index) && selection.contains(items[index].id) }

    /// Selects only the tile at `index` (a drag starting on an unselected tile).
    func selectOnly(_ index: Int) {
        selectOnlyOnRelease = nil
        selection.select(only: index, in: items)
        selectionChanged()
    }

    /// The flocking ring: `progress` over the tile `id`, or none.
    func setDwell(on id: String?, progress: Double) {
        for (tileID, tile) in visibleTiles { tile.setDwellProgress(tileID == id ? progress : nil) }
    }

    /// Fades the tiles lifted into a drag (empty when the drag ends).
    func setDragged(_ ids: Set<String>) {
        draggedIDs = ids
        selectOnlyOnRelease = nil
        for (id, tile) in visibleTiles { tile.root.setCSSClass("dragged", ids.contains(id)) }
    }

    var selectedIndices: [Int] { items.indices.filter { selection.contains(items[$0].id) } }

    // MARK: CanvasLayout

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let one = Int32(Self.cellSize.width + 2 * Self.padding)
            return (one, Int32(4 * (Self.cellSize.width + Self.spacing) + 2 * Self.padding))
        }
        let width = forSize > 0 ? Double(forSize) : geometry.width
        let layout = GridGeometry(width: width, cellSize: Self.cellSize, spacing: Self.spacing, padding: Self.padding)
        let height = Int32(layout.contentHeight(for: items.count + (gapIndex == nil ? 0 : 1)).rounded(.up))
        return (height, height)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        geometry = GridGeometry(width: Double(width), cellSize: Self.cellSize, spacing: Self.spacing, padding: Self.padding)
        let range = rangeToShow()
        visibleRange = range
        var wanted = Set<String>()
        for index in range { wanted.insert(items[index].id) }
        for (id, tile) in visibleTiles where !wanted.contains(id) {
            visibleTiles[id] = nil
            recycle(tile)
        }
        var previous: UnsafeMutablePointer<GtkWidget>?
        for index in range {
            let model = items[index]
            let tile = visibleTiles[model.id] ?? dequeue()
            visibleTiles[model.id] = tile
            // Keep the widget order the reading order: AT-SPI lists children,
            // and Tab moves focus, in sibling order, not by position on screen.
            if gtk_widget_get_prev_sibling(tile.root.widget) != previous {
                gtk_widget_insert_after(tile.root.widget, canvas.widget, previous)
            }
            previous = tile.root.widget
            tile.bind(model, thumbnails: thumbnails, qrCodes: qrCodes)
            tile.setSelected(selection.contains(model.id))
            tile.root.setCSSClass("dragged", draggedIDs.contains(model.id))
            let frame = geometry.frame(at: displayIndex(index))
            let offset = slides.offset(for: model.id)
            canvas.place(tile.root, x: frame.minX, y: frame.minY,
                         width: Int32(Self.cellSize.width), height: Int32(Self.cellSize.height),
                         translation: offset.translation, scale: offset.scale)
        }
        // Every child gets an allocation, shown or not (GTK wants it).
        let band = rubberBandBox.isVisible ? rubberBandFrame : Rect(x: 0, y: 0, width: 1, height: 1)
        canvas.place(rubberBandBox, x: band.minX, y: band.minY, width: Int32(max(1, band.width)), height: Int32(max(1, band.height)))
        if let gapIndex {
            let frame = geometry.frame(at: gapIndex)
            gapIndicator.isVisible = true
            canvas.place(gapIndicator, x: frame.minX + 6, y: frame.minY + 6,
                         width: Int32(Self.cellSize.width - 12), height: Int32(Self.cellSize.height - 12))
        } else {
            gapIndicator.isVisible = false
        }
        if pendingFocus, let focusIndex, let tile = tile(at: focusIndex) {
            pendingFocus = false
            tile.root.grabFocus()
        }
    }

    // MARK: Tiles

    func tile(at index: Int) -> PhotoTile? {
        guard items.indices.contains(index) else { return nil }
        return visibleTiles[items[index].id]
    }

    private func rangeToShow() -> Range<Int> {
        let adjustment = scrolledWindow.verticalAdjustment
        let top = adjustment.value - Self.overscan
        let bottom = adjustment.value + max(adjustment.pageSize, 1) + Self.overscan
        return geometry.indices(inBandFrom: top, to: bottom, count: items.count)
    }

    private func scrolled() {
        if rangeToShow() != visibleRange { canvas.queueAllocate() }
    }

    private func dequeue() -> PhotoTile {
        if let tile = pool.popLast() {
            tile.root.isVisible = true
            return tile
        }
        let tile = PhotoTile()
        tile.onPlaceholderAction = { [weak self] id in self?.onPlaceholderAction?(id) }
        // Each tile's actions appear over AT-SPI as its own actions, so
        // assistive technology (and tests) can run them on that tile.
        let actions = ActionGroup()
        for action in TileAction.allCases {
            tile.actions[action] = actions.add(action.rawValue) { [weak self, weak tile] in
                guard let self, let id = tile?.model?.id, let index = self.index(of: id) else { return }
                self.onTileAction?(action, index)
            }
        }
        tile.root.insertActionGroup("tile", actions)
        let focus = FocusController()
        focus.onEnter { [weak self, weak tile] in
            guard let self, let id = tile?.model?.id else { return }
            self.focusIndex = self.index(of: id)
        }
        tile.root.add(focus)
        canvas.addChild(tile.root)
        return tile
    }

    private func recycle(_ tile: PhotoTile) {
        tile.unbind()
        // Hidden tiles are skipped by GTK's focus chain, drawing and AT-SPI.
        tile.root.isVisible = false
        pool.append(tile)
    }

    private func currentFrames() -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for index in visibleRange where items.indices.contains(index) {
            frames[items[index].id] = geometry.frame(at: displayIndex(index))
        }
        return frames
    }

    /// The cell a tile occupies: its index, or one further when a drop gap opened before it.
    private func displayIndex(_ index: Int) -> Int {
        guard let gapIndex, index >= gapIndex else { return index }
        return index + 1
    }

    /// Opens a gap at `index` (where a drop would insert), or closes it with nil.
    /// Neighbours slide aside; the pointer maths stays on the gapless layout,
    /// so the gap does not chase the pointer.
    func showGap(at index: Int?) {
        guard index != gapIndex else { return }
        let before = currentFrames()
        gapIndex = index
        slides.start(from: before, to: { [geometry] i in geometry.frame(at: self.displayIndex(i)) }, items: items, canvas: canvas)
        canvas.queueResize()
    }

    // MARK: Focus, selection and keyboard

    /// Moves keyboard focus to `index`, scrolling it into view first.
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

    func scrollIntoView(_ index: Int) {
        let frame = geometry.frame(at: index)
        let adjustment = scrolledWindow.verticalAdjustment
        if frame.minY < adjustment.value {
            adjustment.value = frame.minY - Self.padding
        } else if frame.maxY > adjustment.value + adjustment.pageSize {
            adjustment.value = frame.maxY - adjustment.pageSize + Self.padding
        }
    }

    private func selectionChanged() {
        for (id, tile) in visibleTiles { tile.setSelected(selection.contains(id)) }
        onSelectionChanged?()
    }

    /// Kept so handlers can ask it for the pressed button and modifiers.
    private let click = ClickGesture(button: 0)
    private let rubberBand = DragGesture()
    private let rubberBandBox = Box(GTK_ORIENTATION_VERTICAL)
    private var rubberBandStart: Point?
    private var rubberBandBase: Set<String> = []

    private func installInput() {
        click.onPressed { [weak self] count, x, y in
            guard let self else { return }
            self.pressed(at: Point(x: x, y: y), button: self.click.currentButton, modifiers: self.click.currentModifiers)
        }
        click.onReleased { [weak self] _, _, _ in
            guard let self, let index = self.selectOnlyOnRelease else { return }
            self.selectOnlyOnRelease = nil
            if self.items.indices.contains(index) { self.selectOnly(index) }
        }
        canvas.add(click)
        installRubberBand()

        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, modifiers in
            self?.keyPressed(keyval, modifiers: modifiers) ?? false
        }
        canvas.add(keys)
    }

    /// A press on empty space and a drag selects the tiles the band touches
    /// (with Ctrl, in addition to the selection). A press on a tile is a drag
    /// of the tile instead, so the band gives way there.
    private func installRubberBand() {
        rubberBandBox.addCSSClass("rubber-band")
        rubberBandBox.canTarget = false
        rubberBandBox.isVisible = false
        canvas.addChild(rubberBandBox)
        rubberBand.onBegin { [weak self] x, y in
            guard let self else { return }
            let start = Point(x: x, y: y)
            guard self.geometry.index(at: start, count: self.items.count) == nil else { return self.rubberBand.deny() }
            self.rubberBandStart = start
            let control = self.rubberBand.currentModifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
            self.rubberBandBase = control ? self.selection.selectedIDs : []
        }
        rubberBand.onUpdate { [weak self] dx, dy in self?.updateRubberBand(dx: dx, dy: dy) }
        rubberBand.onEnd { [weak self] _, _ in
            self?.rubberBandStart = nil
            self?.rubberBandBox.isVisible = false
            self?.canvas.queueAllocate()
        }
        canvas.add(rubberBand)
    }

    private func updateRubberBand(dx: Double, dy: Double) {
        guard let start = rubberBandStart else { return }
        let band = Rect(x: min(start.x, start.x + dx), y: min(start.y, start.y + dy), width: abs(dx), height: abs(dy))
        let touched = geometry.indices(inBandFrom: band.minY, to: band.maxY, count: items.count)
            .filter { geometry.frame(at: $0).intersects(band) }
        selection.select(indices: touched, in: items, adding: rubberBandBase)
        rubberBandFrame = band
        rubberBandBox.isVisible = true
        selectionChanged()
        canvas.queueAllocate()
    }

    private var rubberBandFrame = Rect(x: 0, y: 0, width: 0, height: 0)

    private func openContextMenu(at index: Int) {
        if !selection.contains(items[index].id) {
            selection.select(only: index, in: items)
            selectionChanged()
        }
        let frame = geometry.frame(at: index)
        onContextMenu?(index, frame.center.x, frame.center.y)
    }

    private func pressed(at point: Point, button: UInt32, modifiers: GdkModifierType) {
        guard let index = geometry.index(at: point, count: items.count) else {
            if button == UInt32(GDK_BUTTON_PRIMARY) && modifiers.rawValue & GDK_CONTROL_MASK.rawValue == 0 {
                selection.clear()
                selectionChanged()
            }
            return
        }
        if button == UInt32(GDK_BUTTON_SECONDARY) {
            if !selection.contains(items[index].id) { selection.select(only: index, in: items) }
            selectionChanged()
            onContextMenu?(index, point.x, point.y)
            return
        }
        if modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 {
            selection.extend(to: index, in: items)
        } else if modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
            selection.toggle(index, in: items)
        } else if selection.contains(items[index].id) {
            selectOnlyOnRelease = index
        } else {
            selection.select(only: index, in: items)
        }
        focus(index: index)
        selectionChanged()
    }

    private func keyPressed(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        if onKeyCommand?(keyval, modifiers, focusIndex) == true { return true }
        guard !items.isEmpty else { return false }
        let current = focusIndex ?? 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let rowsPerPage = max(1, Int(scrolledWindow.verticalAdjustment.pageSize / (Self.cellSize.height + Self.spacing)))
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Left: target = current - 1
        case GDK_KEY_Right: target = current + 1
        case GDK_KEY_Up: target = current - geometry.columns
        case GDK_KEY_Down: target = current + geometry.columns
        case GDK_KEY_Home: target = 0
        case GDK_KEY_End: target = items.count - 1
        case GDK_KEY_Page_Up: target = current - rowsPerPage * geometry.columns
        case GDK_KEY_Page_Down: target = current + rowsPerPage * geometry.columns
        case GDK_KEY_space:
            if control { selection.toggle(current, in: items) } else { selection.select(only: current, in: items) }
            selectionChanged()
            return true
        case GDK_KEY_a where control:
            for index in items.indices where !selection.contains(items[index].id) { selection.toggle(index, in: items) }
            selectionChanged()
            return true
        case GDK_KEY_Escape:
            guard !selection.isEmpty else { return false }
            selection.clear()
            selectionChanged()
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
        if shift {
            selection.extend(to: clamped, in: items)
            selectionChanged()
        }
        focus(index: clamped)
        return true
    }
}
