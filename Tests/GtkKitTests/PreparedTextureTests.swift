// A texture made on another thread (the viewer's full image) wraps on the main thread
// with its size and its pixels as given.
import XCTest
import CGtk
import GtkKit

final class PreparedTextureTests: GTKTestCase {
    func testATextureMadeOnAnotherThreadKeepsItsSizeAndPixels() {
        // 3 × 2 RGB: red, green, blue; then white, black, grey.
        let pixels: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 128, 128]
        let made = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var prepared: PreparedTexture?
        Thread.detachNewThread {
            prepared = PreparedTexture(width: 3, height: 2, rowStride: 9, hasAlpha: false, pixels: pixels)
            made.signal()
        }
        XCTAssertEqual(made.wait(timeout: .now() + 10), .success)
        onMain {
            guard let prepared else { return XCTFail("no texture made") }
            let texture = Texture(prepared)
            XCTAssertEqual(texture.width, 3)
            XCTAssertEqual(texture.height, 2)
            // Downloaded as cairo's premultiplied BGRA (opaque, so the colours as given).
            var bytes = [UInt8](repeating: 0, count: 3 * 2 * 4)
            gdk_texture_download(texture.paintable, &bytes, 12)
            XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 255, 255], "the first pixel is red")
            XCTAssertEqual(Array(bytes[20..<24]), [128, 128, 128, 255], "the last pixel is grey")
        }
    }
}
