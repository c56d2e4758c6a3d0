import CGtk
import DragKit
import GalleryKit
import GtkKit
import Localization

/// The QR codes of a tile's photo, drawn over the thumbnail where each code
/// sits: one focusable, named child per code ("QR code: TEXT"), and a badge
/// standing for all of them. Dragging a code's region drags that code;
/// dragging the badge drags them all (see GridDragController).
@MainActor
final class QRRegionLayer: CanvasLayout {
    enum Hit: Equatable {
        case code(Int)
        case all
    }

    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GROUP, cssName: "qr-layer")
    let badge = Label()
    private var regions: [Widget] = []
    private var codes: [QRCode] = []

    init() {
        canvas.setLayout(self)
        canvas.accessibleLabel = tr("QR codes")
        badge.addCSSClass("qr-badge")
        badge.isFocusable = true
        canvas.addChild(badge)
        canvas.isVisible = false
    }

    func show(_ codes: [QRCode]) {
        regions.forEach { canvas.removeChild($0) }
        self.codes = codes
        regions = codes.map { code in
            let region = Box(role: GTK_ACCESSIBLE_ROLE_BUTTON)
            region.addCSSClass("qr-region")
            region.isFocusable = true
            region.accessibleLabel = tr("QR code: {text}", ["text": code.text])
            region.accessibleDescription = tr("Drag to take this code out as a cropped image, with its text.")
            canvas.addChild(region)
            return region
        }
        badge.text = codes.count > 1 ? tr("QR {count}", ["count": codes.count]) : "QR"
        badge.accessibleLabel = codes.count == 1 ? tr("The QR code") : ntr("All {count} QR codes", "All {count} QR codes", codes.count)
        badge.accessibleDescription = tr("Drag to take every code out, one cropped image each.")
        canvas.isVisible = !codes.isEmpty
        canvas.queueAllocate()
    }

    func clear() { show([]) }

    /// Which code (or the badge) is at `point`, in the layer's coordinates.
    func hit(at point: Point) -> Hit? {
        if frame(of: badge).contains(point) { return .all }
        return regions.firstIndex { frame(of: $0).contains(point) }.map(Hit.code)
    }

    /// The rectangle of each code's region, in `other`'s coordinates.
    func codeFrames(in other: Widget) -> [Rect] {
        regions.compactMap { region in
            let frame = self.frame(of: region)
            guard let origin = canvas.translate(frame.minX, frame.minY, to: other) else { return nil }
            return Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height)
        }
    }

    private func frame(of widget: Widget) -> Rect {
        guard let bounds = widget.bounds(in: canvas) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
    }

    /// A span of `side` centred on `centre`, kept inside 0...limit.
    private static func span(around centre: Double, side: Double, limit: Double) -> (Double, Double) {
        let start = min(max(0, centre - side / 2), max(0, limit - side))
        return (start, start + side)
    }

    // MARK: CanvasLayout

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (0, 0) }

    /// Places each code's region where the code appears in the thumbnail,
    /// which shows the photo scaled to cover the tile and centred.
    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        let size = canvas.childMinimumSize(badge)
        canvas.place(badge, x: 6, y: Double(height - size.height - 6), width: size.width, height: size.height)
        guard let image = codes.first?.imageSize, image.width > 0, image.height > 0 else { return }
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let offsetX = (Double(width) - Double(image.width) * scale) / 2
        let offsetY = (Double(height) - Double(image.height) * scale) / 2
        for (region, code) in zip(regions, codes) {
            let box = code.boundingBox
            // A code the square thumbnail crops away still gets a small marker
            // at the nearest edge, so every code can be found and dragged.
            let side = 14.0
            var minX = max(0, offsetX + Double(box.x) * scale), minY = max(0, offsetY + Double(box.y) * scale)
            var maxX = min(Double(width), offsetX + Double(box.maxX) * scale)
            var maxY = min(Double(height), offsetY + Double(box.maxY) * scale)
            if maxX - minX < side { (minX, maxX) = Self.span(around: (minX + maxX) / 2, side: side, limit: Double(width)) }
            if maxY - minY < side { (minY, maxY) = Self.span(around: (minY + maxY) / 2, side: side, limit: Double(height)) }
            canvas.place(region, x: minX, y: minY, width: Int32(maxX - minX), height: Int32(maxY - minY))
        }
    }
}
