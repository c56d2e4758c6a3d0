import Foundation
import TestSupport
import Testing
@testable import ImageFormats

/// The structural completeness checks, on raw bytes: each whole image passes, and the same
/// image cut at several points (inside the header, the middle, just before the end) fails.
@Suite struct CompletenessTests {
    private func check(_ data: Data, as format: ImageFormat? = nil) -> Completeness {
        data.withUnsafeBytes { bytes in
            format.map { ImageCompleteness.check(bytes, format: $0) } ?? ImageCompleteness.check(bytes)
        }
    }

    private func generated(_ format: TestImages.Format, width: Int = 96, height: Int = 64) throws -> Data {
        let temp = try TemporaryDirectory()
        let url = try TestImages.write(temp.file("image.\(format.rawValue)"), width: width, height: height, format: format)
        return try Data(contentsOf: url)
    }

    private func fixture(_ name: String) throws -> Data { try Data(contentsOf: Repository.fixture(name)) }

    /// Cuts that must all fail: early, a third, the middle, and one byte short of the end.
    private func cuts(of data: Data) -> [Int] { [data.count / 8, data.count / 3, data.count / 2, data.count - 1] }

    private func expectWholeAndCut(_ data: Data, _ format: ImageFormat, cuts extraCuts: [Int] = [],
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(ImageFormat.sniff(data) == format, sourceLocation: sourceLocation)
        #expect(check(data) == .complete, "whole \(format)", sourceLocation: sourceLocation)
        for cut in cuts(of: data) + extraCuts {
            let verdict = check(data.prefix(cut), as: format)
            guard case .incomplete(let reason) = verdict else {
                Issue.record("\(format) cut at \(cut) of \(data.count): \(verdict)", sourceLocation: sourceLocation)
                continue
            }
            #expect(!reason.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func png() throws {
        let data = try generated(.png)
        expectWholeAndCut(data, .png, cuts: [8, 20, data.count - 12])
        // Bytes after IEND (as some writers leave) are allowed.
        #expect(check(data + Data(repeating: 0, count: 100)) == .complete)
    }

    /// The old check searched the whole file for "IEND": a text chunk holding those letters
    /// made a PNG cut inside its pixels look whole.
    @Test func pngCutAfterATextChunkNamingIEND() throws {
        let whole = try generated(.png)
        let withText = PNGChunks.inserting(chunk: "tEXt", Data("Comment\0see the IEND chunk".utf8), afterIHDRof: whole)
        #expect(check(withText) == .complete)
        let cut = withText.prefix(withText.count - 40)
        #expect(cut.range(of: Data("IEND".utf8)) != nil, "the cut file still holds the letters")
        #expect(check(cut) == .incomplete(reason: "the PNG is cut short inside its IDAT chunk"))
    }

    @Test func jpeg() throws {
        let data = try generated(.jpeg)
        expectWholeAndCut(data, .jpeg, cuts: [2, 4])
        // A motion photo's video after the end marker is allowed.
        #expect(check(data + Data(repeating: 0x55, count: 1000)) == .complete)
    }

    /// The end marker is looked for in the last 64 KB first, then everywhere after the scan.
    /// Padding before a marker, as some cameras write between segments: libjpeg skips it with
    /// a warning and decodes the image whole, so it is no reason to refuse the file; cut, it
    /// still fails.
    @Test func jpegWithBytesBeforeAMarkerIsWhole() throws {
        let data = try generated(.jpeg)
        #expect(Array(data.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE0])
        let second = 4 + (Int(data[4]) << 8 | Int(data[5]))
        let padded = data.prefix(second) + Data([0x00, 0x00, 0x2A]) + data.dropFirst(second)
        expectWholeAndCut(padded, .jpeg, cuts: [second + 1, second + 3])
        #expect(check(data.prefix(second) + Data(repeating: 0, count: 40)) == .incomplete(reason: "the JPEG ends before its image data"))
    }

    @Test func jpegWhoseEndMarkerIsFollowedByMoreThanTheTailSearched() throws {
        let data = try generated(.jpeg)
        #expect(check(data + Data(repeating: 0, count: 100_000)) == .complete)
        let withoutEnd = data.prefix(data.count - 2)
        #expect(check(withoutEnd + Data(repeating: 0, count: 100_000))
                == .incomplete(reason: "the JPEG ends before its end-of-image marker"))
        #expect(check(withoutEnd + Data(repeating: 0, count: 100_000) + Data([0xFF, 0xD9])) == .complete)
    }

    @Test func bmp() throws {
        expectWholeAndCut(try generated(.bmp), .bmp, cuts: [10, 30])
        // gdk-pixbuf pads nothing after the pixels; a 24-bit row of 5 pixels pads to 16 bytes.
        expectWholeAndCut(try generated(.bmp, width: 5, height: 3), .bmp)
    }

    @Test func gif() throws {
        let data = try fixture("tiny.gif")
        expectWholeAndCut(data, .gif, cuts: [6, 13])
        #expect(data.last == 0x3B)
    }

    @Test func tiff() throws {
        expectWholeAndCut(try generated(.tiff), .tiff, cuts: [4, 8])
        expectWholeAndCut(try fixture("cmyk16.tif"), .tiff)
    }

    @Test func tiffWhoseStripPointsPastTheEnd() throws {
        // A whole file whose first strip claims more bytes than the file holds.
        var data = try generated(.tiff)
        #expect(data.starts(with: [0x49, 0x49]), "libtiff writes the machine's byte order")
        func uint(_ offset: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) } }
        let ifd = uint(4, 4)
        let entry = try #require((0..<uint(ifd, 2)).map { ifd + 2 + $0 * 12 }.first { uint($0, 2) == 279 }, "StripByteCounts")
        let size = uint(entry + 2, 2) == 3 ? 2 : 4
        let first = uint(entry + 4, 4) * size <= 4 ? entry + 8 : uint(entry + 8, 4)
        #expect(check(data) == .complete)
        data.replaceSubrange(first..<(first + size), with: Data(repeating: 0x7F, count: size))
        #expect(check(data) == .incomplete(reason: "the TIFF ends before its image data does"))
    }

    @Test func webp() throws {
        expectWholeAndCut(try generated(.webp), .webp, cuts: [12, 20])
        expectWholeAndCut(try fixture("tiny.webp"), .webp)
    }

    @Test func heicAndAVIF() throws {
        expectWholeAndCut(try fixture("tiny.heic"), .heic, cuts: [16])
        expectWholeAndCut(try fixture("tiny.avif"), .avif, cuts: [16])
    }

    /// Small files, every possible cut: not one prefix of a whole image passes. (The
    /// writers used here put nothing after the image's end.)
    @Test func everyCutOfASmallImageFails() throws {
        var samples: [(ImageFormat, Data)] = try [TestImages.Format.png, .jpeg, .bmp, .tiff, .webp].map {
            (ImageFormat.sniff(try generated($0, width: 12, height: 8))!, try generated($0, width: 12, height: 8))
        }
        samples += try [("tiny.gif", ImageFormat.gif), ("tiny.heic", .heic), ("tiny.avif", .avif), ("cmyk16.tif", .tiff)]
            .map { ($0.1, try fixture($0.0)) }
        for (format, data) in samples {
            #expect(check(data, as: format) == .complete, "whole \(format)")
            let passing = (1..<data.count).filter { check(data.prefix($0), as: format) == .complete }
            #expect(passing.isEmpty, "\(format) cut at \(passing) of \(data.count) passed")
        }
    }

    /// Random byte changes must never trap (every offset read from the file is bounds- and
    /// overflow-checked), and reading through the file's pread window (64 KB, crossed by the
    /// large PNG) must give the same verdict as reading from memory. The fuzzer goes further.
    @Test func damagedBytesGiveTheSameVerdictFromMemoryAndFromAFile() throws {
        let temp = try TemporaryDirectory()
        var random = SplitMix(seed: 9)
        let samples = try [TestImages.Format.png, .jpeg, .bmp, .tiff, .webp].map { try generated($0, width: 12, height: 8) }
            + ["tiny.gif", "tiny.heic", "tiny.avif", "cmyk16.tif"].map { try fixture($0) }
            + [try generated(.bmp, width: 300, height: 250)]
        #expect(samples.last!.count > 3 * 64 * 1024)
        var incomplete = 0
        for (number, sample) in samples.enumerated() {
            for round in 0..<100 {
                var damaged = sample
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let index = Int(random.next() % UInt64(damaged.count))
                    damaged[index] = [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 5)]
                }
                let url = temp.file("sample-\(number)-\(round)")
                try damaged.write(to: url)
                let fromMemory = check(damaged)
                #expect(ImageCompleteness.check(path: url.path) == fromMemory, "sample \(number), round \(round)")
                if case .incomplete = fromMemory { incomplete += 1 }
                try FileManager.default.removeItem(at: url)
            }
        }
        // Damage shows: some damaged files fail (most damage hits pixels, which no check reads).
        #expect(incomplete > 0)
    }

    @Test func formatsWithoutACheckAreLeftToTheDecoder() {
        let jpegXL = Data([0xFF, 0x0A, 1, 2, 3])
        #expect(ImageFormat.sniff(jpegXL) == .jpegXL)
        #expect(check(jpegXL) == .notChecked)
        #expect(check(Data("plain text".utf8)) == .notChecked)
    }

    @Test func aVideoIsNotTakenForAnImage() {
        // An MP4 shares the ISO box format with HEIF but not its brands.
        var mp4 = Data([0, 0, 0, 0x18]) + Data("ftypmp42".utf8) + Data([0, 0, 0, 0]) + Data("isommp42".utf8)
        mp4 += Data(repeating: 0, count: 32)
        #expect(ImageFormat.sniff(mp4) == nil)
    }

    /// The file variant reads through a small window: a valid image followed by 64 MB of
    /// sparse zeros is checked without reading the zeros (its verdict comes from the header walk).
    @Test func fileVariantOnASparseTail() throws {
        let temp = try TemporaryDirectory()
        let url = try TestImages.write(temp.file("tail.png"), width: 40, height: 30)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        #expect(ImageCompleteness.check(path: url.path) == .complete)
        let cut = try TestImages.writeTruncatedPNG(temp.file("cut.png"))
        guard case .incomplete = ImageCompleteness.check(path: cut.path) else { Issue.record("cut file passed"); return }
        #expect(ImageCompleteness.check(path: temp.file("missing.png").path) == .unreadable(detail: "No such file or directory"))
    }

    /// A JPEG missing its end marker, then 1 GB of sparse zeros: the search for the marker
    /// skips the hole (SEEK_DATA) instead of reading it, and leaves the caller's file offset alone.
    @Test func jpegSearchOverASparseTail() throws {
        let temp = try TemporaryDirectory()
        let url = try TestImages.write(temp.file("tail.jpg"), width: 40, height: 30, format: .jpeg)
        try Data(contentsOf: url).dropLast(2).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let file = open(url.path, O_RDONLY)
        defer { close(file) }
        #expect(lseek(file, 1234, SEEK_SET) == 1234)
        #expect(ImageCompleteness.check(file: file) == .incomplete(reason: "the JPEG ends before its end-of-image marker"))
        #expect(lseek(file, 0, SEEK_CUR) == 1234)
    }
}

extension ImageFormat {
    static func sniff(_ data: Data) -> ImageFormat? { data.withUnsafeBytes { sniff($0) } }
}

