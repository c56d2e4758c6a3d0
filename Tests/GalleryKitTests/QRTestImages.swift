import CPixbuf
import Foundation
@testable import DecoderKit
@testable import GalleryKit
import TestSupport

/// A QR code's modules, read from a fixture PNG made by qrencode at one pixel per module.
struct QRMatrix {
    let text: String
    let size: Int
    let dark: [Bool]

    init(fixture name: String, text: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(Repository.fixture(name).path, &error) else {
            if error != nil { g_error_free(error) }
            throw TestError("cannot read fixture \(name)")
        }
        defer { drover_pixbuf_unref(pixbuf) }
        size = Int(gdk_pixbuf_get_width(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        var dark: [Bool] = []
        for y in 0..<size { for x in 0..<size { dark.append(pixels[y * stride + x * channels] < 128) } }
        self.dark = dark
        self.text = text
    }

    static func url() throws -> QRMatrix { try QRMatrix(fixture: "qr-url.png", text: "https://drover.example/test/one") }
    static func short() throws -> QRMatrix { try QRMatrix(fixture: "qr-short.png", text: "DROVER-TEST-2") }
    static func unicode() throws -> QRMatrix { try QRMatrix(fixture: "qr-unicode.png", text: "Grüße aus Drover ✓") }

    /// Darkness at module coordinates (u, v); the quiet zone and beyond are light.
    func isDark(_ u: Double, _ v: Double) -> Bool {
        guard u >= 0, v >= 0, u < Double(size), v < Double(size) else { return false }
        return dark[Int(v) * size + Int(u)]
    }
}

/// A generated "photo": a smooth coloured background that QR codes are drawn into, with
/// their exact corner positions known.
final class TestCanvas {
    let pixbuf: OpaquePointer
    let width: Int
    let height: Int

    /// A background made at 1/8 size in Swift and scaled up by gdk-pixbuf, so even a
    /// 6000×4000 canvas takes little time in a debug build.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let small = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(max(1, width / 8)), Int32(max(1, height / 8)))!
        defer { drover_pixbuf_unref(small) }
        let sw = Int(gdk_pixbuf_get_width(small)), sh = Int(gdk_pixbuf_get_height(small))
        let stride = Int(gdk_pixbuf_get_rowstride(small))
        let pixels = gdk_pixbuf_get_pixels(small)!
        for y in 0..<sh {
            for x in 0..<sw {
                let (fx, fy) = (Double(x) / Double(sw), Double(y) / Double(sh))
                let pixel = pixels + y * stride + x * 3
                // Mid tones, like a real scene: codes must stand out by their own contrast.
                pixel[0] = UInt8(110 + 60 * sin(fx * 7 + fy * 3))
                pixel[1] = UInt8(120 + 50 * cos(fx * 4 - fy * 6))
                pixel[2] = UInt8(100 + 40 * sin((fx + fy) * 9))
            }
        }
        pixbuf = gdk_pixbuf_scale_simple(small, Int32(width), Int32(height), GDK_INTERP_BILINEAR)!
    }

    deinit { drover_pixbuf_unref(pixbuf) }

    /// Draws `code` centred at (cx, cy), `module` pixels per module, turned `degrees`
    /// clockwise, on a light card with a `quietZone`-module margin (cut off by the
    /// canvas edge where it overhangs). Returns the code's corners (quiet zone excluded)
    /// in canvas pixels: top-left, top-right, bottom-right, bottom-left of the code.
    @discardableResult
    func draw(_ code: QRMatrix, centerX cx: Double, centerY cy: Double, module: Double,
              degrees: Double = 0, quietZone: Double = 4) -> [PixelPoint] {
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let half = Double(code.size) / 2
        let extent = (half + quietZone) * module * 1.5
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let samples = [0.25, 0.75]
        for y in max(0, Int(cy - extent))..<min(height, Int(cy + extent) + 1) {
            for x in max(0, Int(cx - extent))..<min(width, Int(cx + extent) + 1) {
                var dark = 0, onCard = 0
                for sy in samples {
                    for sx in samples {
                        // Back into the code's own frame (module units, origin at its top-left).
                        let (dx, dy) = (Double(x) + sx - cx, Double(y) + sy - cy)
                        let u = (c * dx + s * dy) / module + half
                        let v = (-s * dx + c * dy) / module + half
                        guard u >= -quietZone, v >= -quietZone, u < Double(code.size) + quietZone,
                              v < Double(code.size) + quietZone else { continue }
                        onCard += 1
                        if code.isDark(u, v) { dark += 1 }
                    }
                }
                guard onCard > 0 else { continue }
                let pixel = pixels + y * stride + x * channels
                // Ink 30, paper 235, blended with the background where the card's edge is partial.
                let ink = Double(235 - 205 * dark / 4)
                let cover = Double(onCard) / 4
                for channel in 0..<3 {
                    pixel[channel] = UInt8(ink * cover + Double(pixel[channel]) * (1 - cover))
                }
            }
        }
        let corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
        return corners.map { (u, v) in
            PixelPoint(x: cx + (c * u - s * v) * module, y: cy + (s * u + c * v) * module)
        }
    }

    /// Saves as PNG or JPEG (quality 92).
    @discardableResult
    func save(_ url: URL, format: TestImages.Format = .png) throws -> URL {
        try Self.save(pixbuf, to: url, format: format)
    }

    static func save(_ pixbuf: OpaquePointer, to url: URL, format: TestImages.Format) throws -> URL {
        var error: UnsafeMutablePointer<GError>?
        let saved: Bool
        if format == .jpeg {
            var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
            var values: [UnsafeMutablePointer<CChar>?] = [strdup("92"), nil]
            defer { free(keys[0]); free(values[0]) }
            saved = gdk_pixbuf_savev(pixbuf, url.path, "jpeg", &keys, &values, &error) != 0
        } else {
            saved = gdk_pixbuf_savev(pixbuf, url.path, "png", nil, nil, &error) != 0
        }
        guard saved else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            if error != nil { g_error_free(error) }
            throw TestError("saving \(url.lastPathComponent): \(message)")
        }
        return url
    }
}

/// The largest distance from each found corner to the nearest true corner.
func cornerError(_ found: [PixelPoint], _ truth: [PixelPoint]) -> Double {
    found.map { point in truth.map { point.distance(to: $0) }.min() ?? .infinity }.max() ?? .infinity
}
