import Foundation
import TestSupport
import Testing
import DecoderKit
@testable import GalleryKit

/// `DecodedImage.decode(fileAt:fittingBox:preparing:)`, the viewer's path: the pixels
/// handed to `prepare` are the decode at the box asked, made in a confined decode child,
/// and a bad file fails before it.
struct PreparedDecodeTests {
    /// The child's decode reaches this process unchanged: the same decoder run here, unconfined,
    /// on the same file gives the same pixels.
    @Test func theChildsPixelsAreExactlyThoseOfADecodeInThisProcess() async throws {
        let temp = try TemporaryDirectory()
        let files = [try TestImages.write(temp.file("wide.png"), width: 64, height: 48),
                     try TestImages.write(temp.file("clear.png"), width: 30, height: 70, alpha: true),
                     try TestImages.write(temp.file("photo.jpg"), width: 120, height: 80, format: .jpeg)]
        for file in files {
            let confined = try await DecodedImage.decode(fileAt: file, fittingBox: 50)
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            // The child's decoder (a JPEG by libjpeg-turbo and pixman, the rest by gdk-pixbuf's loaders).
            let here = try Pixbuf.load(descriptor: descriptor, fittingBox: 50, fullSize: nil, orientationNotAppliedByLoader: nil).0
            #expect(confined == here.decodedImage(), "\(file.lastPathComponent)")
        }
    }

    @Test func aHeaderOverThePixelLimitIsRefusedInTheChildBeforeDecoding() async throws {
        let temp = try TemporaryDirectory()
        let bomb = try TestImages.writeBombPNG(temp.file("bomb.png"))
        // Refused from the header: a decode of 10^10 pixels would end at the memory budget
        // instead, and say so differently.
        #expect(throws: ImportFailureReason.tooManyPixels(PixelSize(width: 100_000, height: 100_000), limit: 100_000_000)) {
            _ = try DecodedImage.decodeConfined(path: bomb.path, fittingBox: 64)
        }
    }

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

/// The scratch folder the decode children's outputs go through: Drover's own, and what a
/// killed Drover left there is removed by the next, nothing else.
struct ScratchFolderTests {
    @Test func onlyTheLeftoversOfDroversThatAreGoneAreRemoved() throws {
        let temp = try TemporaryDirectory()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let names = ["pixels-\(gone.processIdentifier)-aB3dEf", "pixels-\(getpid())-aB3dEf", "pixels-1-aB3dEf",
                     "holiday.jpg", "pixels-x-aB3dEf", "pixels-\(gone.processIdentifier)-longer-name"]
        for name in names { try Data().write(to: temp.file(name)) }
        // Named as a leftover, but a folder: not one mkstemp made.
        let folder = try temp.folder("pixels-\(gone.processIdentifier)-fOlDeR")
        ScratchFolder.removeLeftovers(in: temp.url.path)
        // Gone: the finished process's. Kept: this process's, init's (alive), any other name, the folder.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: temp.url.path))
                == Set(names.dropFirst() + [folder.lastPathComponent]))
    }

    @Test func theFolderIsPrivate() {
        #expect(ScratchFolder.isPrivate(ScratchFolder.path))
        #expect(!ScratchFolder.isPrivate("/tmp"))
    }
}
