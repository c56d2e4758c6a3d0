import Foundation

// The arithmetic of a grid of fixed-size cells. The photo grid lays out and
// recycles its tiles with it, and drop proposals map the pointer to an
// insertion index with it, so both always agree. Every query is O(1).
//
// Right to left, the grid is the left-to-right one mirrored about the middle of its
// width: frames are mirrored on the way out, points on the way in, so "leading half",
// "before" and "after" keep their reading-order meaning in both directions.

public struct GridGeometry: Hashable, Sendable {
    // Changing any input recomputes the column count, so a geometry is never stale.
    public var cellSize: Size { didSet { columns = Self.columns(width, cellSize, spacing, padding) } }
    public var spacing: Double { didSet { columns = Self.columns(width, cellSize, spacing, padding) } }
    public var padding: Double { didSet { columns = Self.columns(width, cellSize, spacing, padding) } }
    public private(set) var columns: Int
    public private(set) var width: Double
    /// Which side the first cell is on (the text direction of the grid's widget).
    public var direction: LayoutDirection

    /// Lays cells out for a container `width` points wide.
    public init(width: Double, cellSize: Size, spacing: Double, padding: Double,
                direction: LayoutDirection = .leftToRight) {
        self.direction = direction
        self.cellSize = cellSize
        self.spacing = spacing
        self.padding = padding
        self.width = width
        columns = Self.columns(width, cellSize, spacing, padding)
    }

    /// Lays the same cells out again for a new container width (the window was resized).
    public mutating func resize(toWidth width: Double) {
        self.width = width
        columns = Self.columns(width, cellSize, spacing, padding)
    }

    /// As many whole cells as fit between the paddings, never fewer than one.
    private static func columns(_ width: Double, _ cellSize: Size, _ spacing: Double, _ padding: Double) -> Int {
        let usable = max(0, width - 2 * padding + spacing)
        let pitch = cellSize.width + spacing
        guard pitch > 0, usable.isFinite else { return 1 }
        return max(1, Int(usable / pitch))
    }

    private var pitchX: Double { cellSize.width + spacing }

    /// Where the first column starts, left to right. The columns are centred: the width a
    /// whole column does not fill is shared by both sides, so a narrow window's single
    /// column sits in the middle rather than against one edge, as in GNOME's galleries.
    private var leadingX: Double {
        let used = Double(columns) * pitchX - spacing
        return max(padding, (width - used) / 2)
    }
    private var pitchY: Double { cellSize.height + spacing }

    public func rows(for count: Int) -> Int { count == 0 ? 0 : (count + columns - 1) / columns }

    /// The height needed to show `count` cells.
    public func contentHeight(for count: Int) -> Double {
        let rows = rows(for: count)
        return rows == 0 ? 2 * padding : 2 * padding + Double(rows) * pitchY - spacing
    }

    /// The frame of the cell at `index`, in content coordinates.
    public func frame(at index: Int) -> Rect {
        let frame = leftToRightFrame(at: index)
        guard direction == .rightToLeft else { return frame }
        return Rect(x: width - frame.minX - frame.width, y: frame.minY, width: frame.width, height: frame.height)
    }

    /// The frame the cell at `index` has left to right.
    private func leftToRightFrame(at index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: leadingX + Double(column) * pitchX, y: padding + Double(row) * pitchY,
                    width: cellSize.width, height: cellSize.height)
    }

    /// Where `point` falls in the left-to-right layout: itself, or mirrored right to left.
    private func leftToRight(_ point: Point) -> Point {
        direction == .leftToRight ? point : Point(x: width - point.x, y: point.y)
    }

    /// The indices whose cells intersect the vertical band `minY..<maxY`, exactly: a band
    /// that only touches the spacing between rows or a row's top edge excludes that row.
    public func indices(inBandFrom minY: Double, to maxY: Double, count: Int) -> Range<Int> {
        guard count > 0, maxY > minY else { return 0..<0 }
        // Row r spans [padding + r·pitchY, padding + r·pitchY + cellHeight).
        let firstRow = max(0, Int(((minY - padding - cellSize.height) / pitchY).rounded(.down)) + 1)
        let lastRow = Int(((maxY - padding) / pitchY).rounded(.up)) - 1
        guard lastRow >= firstRow else { return 0..<0 }
        let lower = min(count, firstRow * columns)
        let upper = min(count, (lastRow + 1) * columns)
        return lower..<upper
    }

    /// The index of the cell under `point`, if the point is on a cell.
    public func index(at point: Point, count: Int) -> Int? {
        let point = leftToRight(point)
        let column = Int(((point.x - leadingX) / pitchX).rounded(.down))
        let row = Int(((point.y - padding) / pitchY).rounded(.down))
        guard column >= 0, column < columns, row >= 0 else { return nil }
        let index = row * columns + column
        guard index < count, leftToRightFrame(at: index).contains(point) else { return nil }
        return index
    }

    /// The cell whose middle half (horizontally) `point` rests on, if any. A drag resting on
    /// a photo's middle is about that photo (flocking); near the edges between cells it is
    /// about where to insert.
    public func restingTile(at point: Point, count: Int) -> Int? {
        guard let index = index(at: point, count: count) else { return nil }
        let frame = self.frame(at: index)
        return abs(point.x - frame.center.x) < frame.width / 4 ? index : nil
    }

    /// Where an item dropped at `point` would be inserted: before the cell under
    /// the pointer if the pointer is on its leading half (the left half left to right,
    /// the right half right to left), after it otherwise.
    /// Points past the last cell give `count` (the end of the collection).
    public func insertionIndex(at point: Point, count: Int) -> Int {
        let point = leftToRight(point)
        let row = max(0, Int(((point.y - padding) / pitchY).rounded(.down)))
        let rawColumn = (point.x - leadingX) / pitchX
        let column = min(columns - 1, max(0, Int(rawColumn.rounded(.down))))
        let cellMidX = leadingX + Double(column) * pitchX + cellSize.width / 2
        let index = row * columns + column + (point.x >= cellMidX ? 1 : 0)
        return min(count, max(0, index))
    }
}
