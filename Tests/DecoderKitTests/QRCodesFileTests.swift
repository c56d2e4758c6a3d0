import Foundation
import Testing
@testable import DecoderKit

/// What Drover accepts of the QR codes a decode child says it found: every line in its form,
/// every corner inside the scanned picture, the codes' bytes as written.
struct QRCodesFileTests {
    private let corners = [PixelCorner(x: 1, y: 2), PixelCorner(x: 30, y: 2), PixelCorner(x: 30, y: 40), PixelCorner(x: 1, y: 40)]

    @Test func aScanRoundTripsThroughTheFileWithAnyBytes() throws {
        let scan = QRCodesFile.Scan(scanned: PixelSize(width: 64, height: 48),
                                    codes: [ZBarSymbol(text: "https://example.org/a b?c=ü", points: corners),
                                            ZBarSymbol(text: "line one\nline two", points: corners)])
        let pipe = try #require(Pipe())
        #expect(QRCodesFile.write(scan, to: pipe.writer) == 0)
        #expect(QRCodesFile.read(pipe.readAll(), largestSide: 64) == scan)
        // With a JPEG's entry point (`JPEGEntryPoint`), last.
        var withEntry = scan
        withEntry.entryPoint = JPEGEntryPoint(text: "251 2037834 4 -158 -16 -11")
        #expect(withEntry.entryPoint != nil)
        let second = try #require(Pipe())
        #expect(QRCodesFile.write(withEntry, to: second.writer) == 0)
        #expect(QRCodesFile.read(second.readAll(), largestSide: 64) == withEntry)
    }

    @Test func anEntryPointIsReadOnlyWithEveryNumberInItsRange() {
        #expect(JPEGEntryPoint(text: "1 0 0 5")?.text == "1 0 0 5")              // greyscale: one predictor
        #expect(JPEGEntryPoint(text: "9 10 7 1 2 3 4")?.dc == [1, 2, 3, 4])      // CMYK: four
        #expect(JPEGEntryPoint(text: "0 10 3 1 2 3") == nil)                     // row 0 is the scan's start
        #expect(JPEGEntryPoint(text: "65536 10 3 1 2 3") == nil)                 // taller than a JPEG can be
        #expect(JPEGEntryPoint(text: "9 -1 3 1 2 3") == nil)
        #expect(JPEGEntryPoint(text: "9 10 8 1 2 3") == nil)                     // a byte has bits 0 to 7
        #expect(JPEGEntryPoint(text: "9 10 3 2048 2 3") == nil)                  // no 8-bit DC is that far
        #expect(JPEGEntryPoint(text: "9 10 3") == nil)                           // no predictor
        #expect(JPEGEntryPoint(text: "9 10 3 1 2 3 4 5") == nil)                 // five components
        #expect(JPEGEntryPoint(text: "9 10 3 1  2") == nil)
        #expect(JPEGEntryPoint(text: "9 10 3 x") == nil)
        func read(_ text: String) -> QRCodesFile.Scan? { QRCodesFile.read(Array(text.utf8), largestSide: 100) }
        #expect(read("scanned 64 48\nentry 9 10 3 1 2 3\n")?.entryPoint?.row == 9)
        #expect(read("scanned 64 48\nentry 9 10 3 1 2\ncode 1 2 30 2 30 40 1 40 6869\n") == nil)  // not last
        #expect(read("scanned 64 48\nentry 9 10 9 1 2 3\n") == nil)
        #expect(read("scanned 64 48\nentry 9 10 3 1 2 3\nentry 9 10 3 1 2 3\n") == nil)              // twice
    }

    @Test func anythingElseIsRefused() {
        func read(_ text: String) -> QRCodesFile.Scan? { QRCodesFile.read(Array(text.utf8), largestSide: 100) }
        #expect(read("scanned 64 48\n")?.codes == [])
        #expect(read("scanned 64 48") == nil)                                      // cut off
        #expect(read("scanned 640 48\n") == nil)                                   // larger than asked
        #expect(read("scanned 64 48\ncode 1 2 30 2 30 40 1 40 6869\n")?.codes.first?.text == "hi")
        #expect(read("scanned 64 48\ncode 1 2 30 2 30 40 1 49 6869\n") == nil)     // a corner outside
        #expect(read("scanned 64 48\ncode 1 2 30 2 30 40 1 40 686\n") == nil)      // half a byte
        #expect(read("scanned 64 48\ncode 1 2 30 2 30 40 1 40 zz\n") == nil)       // not hex
        #expect(read("scanned 64 48\ncode 1 2 30 2 30 40 6869\n") == nil)          // three corners
        #expect(read("scanned 64 48\nsomething else\n") == nil)
    }

    @Test func aRegionScalesOutwardToAnotherSizeOfThePicture() {
        let region = PixelRect(x: 10, y: 10, width: 15, height: 5)
        #expect(region.scaled(from: PixelSize(width: 100, height: 50), to: PixelSize(width: 100, height: 50)) == region)
        #expect(region.scaled(from: PixelSize(width: 100, height: 50), to: PixelSize(width: 50, height: 25))
                == PixelRect(x: 5, y: 5, width: 8, height: 3))
    }
}

/// A pipe whose write end a writer closes; big enough for these tests' few lines.
private struct Pipe {
    let reader: Int32
    let writer: Int32

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        (reader, writer) = (ends[0], ends[1])
    }

    func readAll() -> [UInt8] {
        defer { close(reader) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
