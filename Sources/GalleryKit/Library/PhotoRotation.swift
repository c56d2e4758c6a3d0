import DecoderKit
import Foundation

/// How the user turned a photo in Drover: clockwise quarter turns on top of its EXIF
/// orientation (which decoding already applies). Non-destructive: it is stored in the
/// library (`SchemaV6`) and applied when pixels are shown, never written into the library's
/// file; a photo dragged out or exported leaves turned, as a copy (`AsSeenCopy`).
public struct PhotoRotation: Hashable, Sendable, CustomStringConvertible {
    /// 0 to 3.
    public let quarterTurns: Int

    public init(quarterTurns: Int) {
        // Always 0 to 3, whatever the sign: -1 (a turn to the left) is 3.
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    }

    public static let upright = PhotoRotation(quarterTurns: 0)
    /// One quarter turn clockwise (Rotate Right).
    public static let right = PhotoRotation(quarterTurns: 1)
    /// One quarter turn counter-clockwise (Rotate Left).
    public static let left = PhotoRotation(quarterTurns: -1)

    public var isUpright: Bool { quarterTurns == 0 }
    /// The turn that undoes this one.
    public var inverse: PhotoRotation { PhotoRotation(quarterTurns: -quarterTurns) }

    public static func + (lhs: PhotoRotation, rhs: PhotoRotation) -> PhotoRotation {
        PhotoRotation(quarterTurns: lhs.quarterTurns + rhs.quarterTurns)
    }

    /// A size seen after this turn: an odd number of quarter turns swaps its sides.
    public func applied(to size: PixelSize) -> PixelSize {
        quarterTurns % 2 == 0 ? size : PixelSize(width: size.height, height: size.width)
    }

    public var description: String { "\(quarterTurns * 90)° clockwise" }
}

extension URL {
    /// This file as shown turned by `rotation`: the same path, with the turn in the
    /// fragment ("#rotate=1"). Everything that draws a thumbnail keys its textures by the
    /// thumbnail's URL (the grid's cache, the drag icon, the viewer's first frame), so a
    /// turned photo must have a URL of its own there; the path, which is what is read, is
    /// unchanged. Upright is the plain URL (a turned one loses its turn).
    public func shown(turnedBy rotation: PhotoRotation) -> URL {
        guard !rotation.isUpright || fragment != nil,
              var parts = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        parts.fragment = rotation.isUpright ? nil : "rotate=\(rotation.quarterTurns)"
        return parts.url ?? self
    }

    /// The turn `shown(turnedBy:)` put in this URL (upright if none).
    public var shownRotation: PhotoRotation {
        guard let fragment, fragment.hasPrefix("rotate="), let turns = Int(fragment.dropFirst("rotate=".count)) else {
            return .upright
        }
        return PhotoRotation(quarterTurns: turns)
    }
}

extension DecodedImage {
    /// The pixels turned by `rotation` (exact: quarter turns move pixels, nothing is
    /// resampled). Off the main thread: a 24-megapixel image takes tens of milliseconds.
    public func rotated(by rotation: PhotoRotation) -> DecodedImage {
        guard !rotation.isUpright else { return self }
        let channels = self.channels
        let turned = rotation.applied(to: PixelSize(width: width, height: height))
        let outStride = turned.width * channels
        var out = [UInt8](repeating: 0, count: outStride * turned.height)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                for y in 0..<height {
                    let row = y * rowStride
                    for x in 0..<width {
                        // Where source pixel (x, y) lands in the turned image.
                        let (tx, ty): (Int, Int)
                        switch rotation.quarterTurns {
                        case 1: (tx, ty) = (height - 1 - y, x)
                        case 2: (tx, ty) = (width - 1 - x, height - 1 - y)
                        default: (tx, ty) = (y, width - 1 - x)
                        }
                        let from = row + x * channels
                        let to = ty * outStride + tx * channels
                        for c in 0..<channels { destination[to + c] = source[from + c] }
                    }
                }
            }
        }
        return DecodedImage(width: turned.width, height: turned.height, rowStride: outStride, hasAlpha: hasAlpha, pixels: out)
    }
}

extension QRCode {
    /// The code where it sits in the photo turned by `rotation` (its corners and the
    /// photo's size turned with it): for drawing its region over a turned thumbnail.
    public func turned(by rotation: PhotoRotation) -> QRCode {
        guard !rotation.isUpright else { return self }
        let (width, height) = (Double(imageSize.width), Double(imageSize.height))
        let turned = corners.map { point -> PixelPoint in
            switch rotation.quarterTurns {
            case 1: PixelPoint(x: height - point.y, y: point.x)
            case 2: PixelPoint(x: width - point.x, y: height - point.y)
            default: PixelPoint(x: point.y, y: width - point.x)
            }
        }
        return QRCode(text: text, corners: turned, imageSize: rotation.applied(to: imageSize))
    }
}
