/// A photo's size in pixels, upright (EXIF orientation already applied).
public struct PixelSize: Hashable, Sendable, Codable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var pixelCount: Int { width * height }
}

/// A point in a photo, in pixels of the upright full-resolution image (EXIF orientation
/// applied): x to the right, y down, (0, 0) the top-left corner of the top-left pixel.
/// Fractional, because points found on a downscaled copy are scaled back up.
public struct PixelPoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    package func distance(to other: PixelPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A rectangle of whole pixels in a photo (upright, full resolution).
public struct PixelRect: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest whole-pixel rectangle holding every point.
    package init(enclosing points: [PixelPoint]) {
        guard let first = points.first else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        self.init(x: left, y: top, width: Int(maxX.rounded(.up)) - left, height: Int(maxY.rounded(.up)) - top)
    }

    /// Shrunk by `inset` pixels on every side (grown when `inset` is negative).
    package func insetBy(_ inset: Int) -> PixelRect {
        PixelRect(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset)
    }

    /// The part inside a `size` image (empty when they do not meet).
    package func clamped(to size: PixelSize) -> PixelRect {
        let left = max(0, min(x, size.width)), top = max(0, min(y, size.height))
        let right = max(left, min(maxX, size.width)), bottom = max(top, min(maxY, size.height))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same region of the picture in an image of `target` size, where this rectangle is
    /// in one of `source` size (outward to whole pixels): a photo decoded at another size.
    package func scaled(from source: PixelSize, to target: PixelSize) -> PixelRect {
        guard source != target, source.width > 0, source.height > 0 else { return self }
        let sx = Double(target.width) / Double(source.width), sy = Double(target.height) / Double(source.height)
        let left = Int((Double(x) * sx).rounded(.down)), top = Int((Double(y) * sy).rounded(.down))
        return PixelRect(x: left, y: top, width: Int((Double(maxX) * sx).rounded(.up)) - left,
                         height: Int((Double(maxY) * sy).rounded(.up)) - top)
    }
}
