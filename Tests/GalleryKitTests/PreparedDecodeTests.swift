import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// `DecodedImage.decode(fileAt:fittingBox:preparing:)`, the viewer's path: the pixels
/// handed to `prepare` are the decode at the box asked, and a bad file fails before it.
struct PreparedDecodeTests {
    @Test func prepareGetsTheDecodeFittingTheBoxAndItsResultComesBack() async throws {
        let temp = try TemporaryDirectory()
        let png = try ExifFixture().writePNG(temp.file("wide.png"), width: 64, height: 48)
        let plain = try await DecodedImage.decode(fileAt: png, fittingBox: 32)
        let decode = try await DecodedImage.decode(fileAt: png, fittingBox: 32) { image in image }
        #expect(decode.prepared.width == 32 && decode.prepared.height == 24)
        #expect(decode.prepared == plain)
        #expect(decode.decodeCPUSeconds >= 0 && decode.prepareCPUSeconds >= 0)
    }

    @Test func aFileThatIsNoImageFailsWithoutPreparing() async throws {
        let temp = try TemporaryDirectory()
        let text = temp.file("notes.jpg")
        try Data("not a photo".utf8).write(to: text)
        let prepared = Counter()
        await #expect(throws: ImportFailureReason.self) {
            _ = try await DecodedImage.decode(fileAt: text, fittingBox: 32) { _ in prepared.increment() }
        }
        #expect(prepared.value == 0)
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
