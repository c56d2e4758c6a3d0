import DecoderKit

/// A QR code found in a photo: its decoded text and where it sits.
public struct QRCode: Hashable, Sendable {
    /// The decoded text (zbar turns the payload into UTF-8).
    public let text: String
    /// The code's four corners, without its quiet zone, in upright full-resolution
    /// pixels of the photo. The order is zbar's; it follows the code's own frame, so it
    /// turns with the code when the code is rotated in the photo.
    public let corners: [PixelPoint]
    /// The upright size of the photo the corners belong to (for clamping a crop).
    public let imageSize: PixelSize

    public init(text: String, corners: [PixelPoint], imageSize: PixelSize) {
        self.text = text
        self.corners = corners
        self.imageSize = imageSize
    }

    /// The corners' bounding box (not clamped: it is where zbar saw the code).
    public var boundingBox: PixelRect { PixelRect(enclosing: corners) }

    /// The mean length of the code's four sides, in pixels.
    public var sideLength: Double {
        guard corners.count >= 2 else { return 0 }
        var total = 0.0
        for index in corners.indices { total += corners[index].distance(to: corners[(index + 1) % corners.count]) }
        return total / Double(corners.count)
    }

    /// The rectangle to crop so the code decodes on its own: the bounding box plus a quiet
    /// zone of `marginModules` modules on every side, clamped to the photo. A code at the
    /// photo's edge gets less margin on that side (there are no more pixels).
    ///
    /// The module size is bounded from above (see `QRModules.largestModule`), so the margin
    /// is never narrower than `marginModules` real modules, only sometimes wider.
    public func cropRect(marginModules: Int = 4) -> PixelRect {
        let module = QRModules.largestModule(sideLength: sideLength, textByteCount: text.utf8.count)
        let margin = Int((Double(max(0, marginModules)) * module).rounded(.up))
        return boundingBox.insetBy(-margin).clamped(to: imageSize)
    }
}
