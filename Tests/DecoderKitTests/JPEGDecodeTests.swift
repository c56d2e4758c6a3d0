import CJPEG
import CPixbuf
import Foundation
import TestSupport
import Testing
@testable import DecoderKit

/// The decode child's own JPEG decoder (`JPEGDecoder`, libjpeg-turbo called directly), run
/// as imports run it: in a confined child of a decoder server. A JPEG whose data libjpeg can
/// only finish by making pixels up is refused, and says how it is damaged, where djpeg (the
/// reference) warns too; an arithmetic-coded JPEG decodes; the harmless warnings of camera
/// files do not refuse; and every other JPEG comes out as gdk-pixbuf's loader decodes it, then
/// resized by pixman.
/// The damaged and converted files are made here from a JPEG made in code, with
/// libjpeg-turbo's own tools (jpegtran, djpeg), ImageMagick's convert and exiftool
/// (scripts/install-deps.sh --test).
@Suite final class JPEGDecodeTests {
    private let temp: TemporaryDirectory
    private let server: DecoderConnection
    /// A 400×300 photo-like JPEG (a gradient with detail), which every other file here is made from.
    private let photo: URL

    init() throws {
        temp = try TemporaryDirectory()
        server = try DecoderConnection.start(executable: DecoderClient.installedExecutable, childProgram: nil)
        photo = try TestImages.write(temp.file("photo.jpg"), width: 400, height: 300, format: .jpeg)
    }

    deinit { server.stop() }

    // MARK: - Damage

    @Test func aJPEGCutShortWithAnEndMarkerAppendedIsRefusedAsEndingEarly() throws {
        let whole = try Data(contentsOf: photo)
        let cut = temp.file("cut.jpg")
        try (whole.prefix(whole.count / 2) + Data([0xFF, 0xD9])).write(to: cut)
        #expect(try djpegWarnings(cut).contains("Corrupt JPEG data"))
        let answer = try decode(cut, box: 256)
        #expect(answer.hasPrefix("fail damaged early "), "\(answer)")
    }

    @Test func aJPEGWithAMarkerWrittenIntoItsScanDataIsRefusedAsCorrupt() throws {
        // A restart marker where the file has no restart interval: libjpeg reads no further
        // and would paint the rest grey.
        let damaged = try overwrite(photo, atFraction: 0.6, with: [0xFF, 0xD3, 0x47, 0x41, 0x52, 0x42], name: "marker.jpg")
        #expect(try djpegWarnings(damaged).contains("Corrupt JPEG data"))
        let answer = try decode(damaged, box: 256)
        #expect(answer.hasPrefix("fail damaged corrupt "), "\(answer)")
    }

    @Test func aJPEGWithBytesOverwrittenInItsScanDataIsRefused() throws {
        // Stuffed FF bytes: a run of one bits, no valid Huffman code.
        let damaged = try overwrite(photo, atFraction: 0.5, with: Array(repeating: [0xFF, 0x00], count: 32).flatMap { $0 },
                                    name: "scrambled.jpg")
        #expect(try djpegWarnings(damaged).contains("Corrupt JPEG data"))
        let answer = try decode(damaged, box: 256)
        #expect(answer.hasPrefix("fail damaged "), "\(answer)")
    }

    /// Random bytes over the scan data (the issue's catalogue: "garbage written into its
    /// entropy-coded scan data was imported silently although djpeg reports it corrupt"),
    /// 200 seeded ways. Mostly libjpeg's entropy decoder loses its way and stops before the
    /// end, and only "N extraneous bytes before marker 0xd9" says so; now and then only a bad
    /// Huffman code does, which libjpeg-turbo's fast path (taken when enough bytes are
    /// buffered) does not check, so the decoder reads 4 KB at a time as djpeg does. The
    /// verdicts must agree file for file: refused exactly where djpeg warns.
    @Test func randomBytesOverTheScanAreRefusedWhereDjpegCallsThemCorrupt() throws {
        // A photo with a camera's noise: smooth pictures code to so few bits that most
        // garbage over them lands where djpeg sees a marker or the end instead.
        let noisy = temp.file("noisy.jpg")
        try run("/usr/bin/convert", ["-seed", "7", Repository.sample("colourful-cups.jpg").path, "-resize", "1600x1200!",
                                     "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "88", noisy.path])
        let bytes = [UInt8](try Data(contentsOf: noisy))
        let scanStart = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        var random = SplitMix(seed: 2026_11_27)
        var (flagged, refused, falseAlarms) = (0, 0, [String]())
        for index in 0..<200 {
            let count = 4 + Int(random.next() % 60)
            let start = scanStart + 20 + Int(random.next() % UInt64(bytes.count - scanStart - 24 - count))
            let garbage = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let damaged = try overwrite(noisy, at: start, with: garbage, name: "random-\(index).jpg")
            let djpegSaysCorrupt = try djpegWarnings(damaged, allowingErrors: true).contains("JPEG")
            let answer = try decode(damaged, box: 256)
            let isRefused = answer.hasPrefix("fail ")
            if index % 5 == 0 {
                // Decoded on two threads (a quarter, 400×300: split), the verdict is the same.
                let onTwoThreads = try decode(damaged, box: 256, onTwoThreads: true)
                #expect(onTwoThreads.hasPrefix("fail ") == isRefused, "random-\(index): \(answer), on two threads \(onTwoThreads)")
            }
            if djpegSaysCorrupt { flagged += 1 }
            if djpegSaysCorrupt && isRefused { refused += 1 }
            if isRefused && !djpegSaysCorrupt { falseAlarms.append("random-\(index): \(answer)") }
        }
        #expect(falseAlarms.isEmpty, "refused where djpeg decodes cleanly: \(falseAlarms)")
        #expect(flagged >= 80, "the damage should mostly show: djpeg warned about \(flagged) of 200")
        #expect(refused == flagged, "refused \(refused) of the \(flagged) djpeg calls corrupt")
        print("random bytes over the scan: djpeg warned about \(flagged) of 200, \(refused) of them refused")
    }

    @Test func aJPEGWithExtraneousBytesBeforeAMarkerStillDecodesWhole() throws {
        // As some cameras write: padding between two header segments, which libjpeg skips
        // with a warning and no loss.
        let bytes = [UInt8](try Data(contentsOf: photo))
        #expect(Array(bytes[0..<4]) == [0xFF, 0xD8, 0xFF, 0xE0])
        let second = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        let padded = temp.file("padded.jpg")
        try Data(bytes[..<second] + [0x00, 0x00, 0x00] + bytes[second...]).write(to: padded)
        #expect(try djpegWarnings(padded).contains("extraneous bytes before marker"))
        #expect(try pixels(padded, box: 256) == (try pixels(photo, box: 256)))
    }

    // MARK: - Arithmetic coding

    @Test func anArithmeticCodedJPEGDecodes() throws {
        let arithmetic = temp.file("arithmetic.jpg")
        try run("/usr/bin/jpegtran", ["-arithmetic", "-outfile", arithmetic.path, photo.path])
        #expect(try Data(contentsOf: arithmetic) != (try Data(contentsOf: photo)))
        for box in [256, 1000] {
            let decoded = try #require(try pixels(arithmetic, box: box))
            #expect(decoded.width == min(box, 400))
            // jpegtran recodes the same coefficients: the picture is the baseline's, exactly.
            #expect(decoded == (try pixels(photo, box: box)))
        }
    }

    // MARK: - Unchanged

    /// The decoder chooses the DCT scaling gdk-pixbuf's loader chooses and decodes with the same
    /// libjpeg-turbo, so at that scaling its pixels are the loader's exactly. The resize to the
    /// box is then pixman's bilinear filter (`JPEGDecoder.resizedWithPixman`), or gdk-pixbuf's own
    /// when an eighth is still more than twice the box. Pixman's result differs from what
    /// gdk-pixbuf's filter gave by 0.17–1.44 levels (of 255) on average for these detailed
    /// pictures; the bound, 2, leaves room for another CPU's pixman code path. Turned photos
    /// come out turned, pixel for pixel.
    @Test func cmykGreyProgressiveAndRotatedJPEGsDecodeAsGdkPixbufsLoaderThenResizeWithPixman() throws {
        let cmyk = temp.file("cmyk.jpg")
        try run("/usr/bin/convert", [photo.path, "-colorspace", "CMYK", cmyk.path])
        let grey = temp.file("grey.jpg")
        try run("/usr/bin/jpegtran", ["-grayscale", "-outfile", grey.path, photo.path])
        let progressive = temp.file("progressive.jpg")
        try run("/usr/bin/jpegtran", ["-progressive", "-outfile", progressive.path, photo.path])
        let rotated = temp.file("rotated.jpg")
        try FileManager.default.copyItem(at: photo, to: rotated)
        try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", rotated.path])
        let rotatedCMYK = temp.file("rotated-cmyk.jpg")
        try FileManager.default.copyItem(at: cmyk, to: rotatedCMYK)
        try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-n", "-ExifByteOrder=II", "-Orientation=8", rotatedCMYK.path])
        // 1000: the full size; 200: a half, exactly; 256 and 150: the full size and a half,
        // resized by pixman; 37: an eighth, resized by pixman; 20: an eighth is still more
        // than twice the box, so gdk-pixbuf's filter resizes it.
        let boxes = [1000, 200, 256, 150, 37, 20]
        var resizedByPixman = 0
        for file in [photo, cmyk, grey, progressive, Repository.fixture("progressive.jpg")] {
            let header = try #require(Pixbuf.headerInfo(path: file.path)).size
            for box in boxes {
                let decoded = try #require(try pixels(file, box: box), "\(file.lastPathComponent) at \(box)")
                let loaders = try #require(try gdkPixbufPixels(file, box: box))
                let target = JPEGDecoder.fitted(header, box: box)
                let scaled = dctScaled(header, toAtLeast: target)
                if scaled != target && scaled.width <= 2 * target.width && scaled.height <= 2 * target.height {
                    resizedByPixman += 1
                    let atScaling = try gdkPixbufPicture(file, box: max(scaled.width, scaled.height))
                    #expect(PixelSize(width: atScaling.width, height: atScaling.height) == scaled)
                    let withFourBytes = try #require(gdk_pixbuf_add_alpha(atScaling.pointer, 0, 0, 0, 0).map(Pixbuf.init(taking:)))
                    let resized = try JPEGDecoder.resizedWithPixman(withFourBytes, to: target, keepingFourthByte: loaders.hasAlpha)
                    #expect(decoded == (try pixels(of: resized)), "\(file.lastPathComponent) at \(box)")
                    let difference = meanDifference(decoded, loaders)
                    #expect(difference < 2, "\(file.lastPathComponent) at \(box): \(difference) levels from gdk-pixbuf's filter")
                } else {
                    #expect(decoded == loaders, "\(file.lastPathComponent) at \(box)")
                }
            }
        }
        #expect(resizedByPixman == 5 * 3, "256, 150 and 37 are resized by pixman for each of the five files")
        for (turned, upright, quarterTurns) in [(rotated, photo, 1), (rotatedCMYK, cmyk, 3)] {
            for box in boxes {
                let unturned = try #require(try pixels(upright, box: box))
                #expect(try pixels(turned, box: box) == self.turned(unturned, clockwise: quarterTurns),
                        "\(turned.lastPathComponent) at \(box)")
            }
        }
        let cmykPixels = try #require(try pixels(cmyk, box: 1000))
        #expect(cmykPixels.hasAlpha, "gdk-pixbuf gives a CMYK JPEG an opaque alpha byte; so does the decoder")
        #expect(try #require(try pixels(cmyk, box: 256)).hasAlpha)
        // The upright full size: a quarter turn swaps the sides.
        #expect(try decode(rotated, box: 256) == "ok 300 400")
    }

    /// The viewer's decode of a photo someone waits for (`--two-threads`): a second thread
    /// decodes the top rows while the first skips them and decodes the rest. Every row comes
    /// out as one thread decodes it, for each chroma subsampling, grey, CMYK and a file with
    /// restart markers, at the full size, a half, and a half resized by pixman; a progressive
    /// or arithmetic-coded JPEG is not split and decodes as before; damage in either part is
    /// refused.
    @Test func onTwoThreadsEveryRowComesOutAsOneThreadDecodesIt() throws {
        var files = try variants(of: photo, named: "sampled")
        let restarts = temp.file("restarts.jpg")
        try run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", restarts.path, photo.path])
        files.append(restarts)
        for file in files {
            for box in [1000, 200, 150] {
                let name = "\(file.lastPathComponent) at \(box)"
                #expect(try rowsForSecondThread(file, box: box) > 0, "\(name) is split")
                let one = try #require(try pixels(file, box: box), "\(name)")
                #expect(try pixels(file, box: box, onTwoThreads: true) == one, "\(name)")
            }
        }
        // Progressive and arithmetic-coded files stay on one thread, and decode as before.
        let progressive = temp.file("progressive.jpg")
        try run("/usr/bin/jpegtran", ["-progressive", "-outfile", progressive.path, photo.path])
        let arithmetic = temp.file("arithmetic.jpg")
        try run("/usr/bin/jpegtran", ["-arithmetic", "-outfile", arithmetic.path, photo.path])
        for file in [progressive, arithmetic] {
            #expect(try rowsForSecondThread(file, box: 1000) == 0, "\(file.lastPathComponent)")
            #expect(try pixels(file, box: 1000, onTwoThreads: true) == (try pixels(file, box: 1000)), "\(file.lastPathComponent)")
        }
        // Damage near the top (the second thread's rows, which the first only skips) and near
        // the bottom (the first's).
        for fraction in [0.2, 0.9] {
            let damaged = try overwrite(photo, atFraction: fraction, with: [0xFF, 0xD3, 0x47, 0x41, 0x52, 0x42],
                                        name: "marker-\(fraction).jpg")
            #expect(try decode(damaged, box: 1000, onTwoThreads: true).hasPrefix("fail damaged corrupt "), "at \(fraction)")
        }
    }

    // MARK: - Entry points

    /// The background scan (`--qr`) finds where a second decoder can start a large JPEG's scan
    /// (`JPEGEntryPoint`), and the viewer's two-thread decode from it gives every row as one
    /// thread decodes it: at every DCT scaling, for each sampling and for greyscale.
    @Test func aDecodeFromTheScansEntryPointComesOutAsOneThreadDecodesIt() throws {
        for file in try largeJPEGs() {
            let entry = try #require(try scannedEntryPoint(file), "\(file.lastPathComponent) has an entry point")
            for box in [2400, 1200, 600, 300] {
                let name = "\(file.lastPathComponent) at \(box)"
                let one = try #require(try pixels(file, box: box), "\(name)")
                #expect(try pixels(file, box: box, onTwoThreads: true, entryPoint: entry) == one, "\(name)")
                // As the child decodes it (its first 4 KB read to tell a JPEG, this header shorter
                // than that), and with the whole file mapped.
                for prefixLength in [4096, 0] {
                    #expect(try howRowsAreDecoded(file, box: box, entryPoint: entry, prefixLength: prefixLength) == DROVER_JPEG_FROM_ENTRY,
                            "\(name), prefix \(prefixLength)")
                }
            }
        }
    }

    /// An entry point that is not the file's (a predictor, the row, the byte or the bit off) is
    /// found out by the entry row both threads decode, and the first decodes on: the rows are
    /// still one thread's. One out of the file's range is not used at all.
    @Test func aWrongEntryPointStillGivesOneThreadsRows() throws {
        let file = try largeJPEGs()[2]
        let entry = try #require(try scannedEntryPoint(file))
        let one = try #require(try pixels(file, box: 600))
        let wrong = [
            JPEGEntryPoint(row: entry.row, byte: entry.byte, bit: entry.bit, dc: [entry.dc[0] + 1] + entry.dc.dropFirst()),
            JPEGEntryPoint(row: entry.row, byte: entry.byte, bit: entry.bit, dc: Array(entry.dc.dropLast()) + [entry.dc.last! - 3]),
            JPEGEntryPoint(row: entry.row + 1, byte: entry.byte, bit: entry.bit, dc: entry.dc),
            JPEGEntryPoint(row: entry.row, byte: entry.byte + 1, bit: entry.bit, dc: entry.dc),
            JPEGEntryPoint(row: entry.row, byte: entry.byte, bit: (entry.bit + 3) % 8, dc: entry.dc),
            JPEGEntryPoint(row: 60_000, byte: entry.byte, bit: entry.bit, dc: entry.dc),
            JPEGEntryPoint(row: entry.row, byte: 1 << 29, bit: entry.bit, dc: entry.dc),
            JPEGEntryPoint(row: entry.row, byte: entry.byte, bit: entry.bit, dc: Array(entry.dc.prefix(1))),
        ]
        #expect(wrong.count == 8 && wrong.allSatisfy { $0 != nil })
        for case let entryPoint? in wrong {
            #expect(try pixels(file, box: 600, onTwoThreads: true, entryPoint: entryPoint) == one, "\(entryPoint.text)")
            #expect(try howRowsAreDecoded(file, box: 600, entryPoint: entryPoint, prefixLength: 4096) != DROVER_JPEG_FROM_ENTRY,
                    "\(entryPoint.text)")
        }
    }

    /// Damage below the entry point, which only the second decoder reads, is refused as before.
    @Test func damageBelowTheEntryPointIsStillRefused() throws {
        let file = try largeJPEGs()[2]
        let entry = try #require(try scannedEntryPoint(file))
        let damaged = try overwrite(file, atFraction: 0.9, with: [0xFF, 0xD3, 0x47, 0x41, 0x52, 0x42], name: "large-marker.jpg")
        let answer = try decode(damaged, box: 600, onTwoThreads: true, entryPoint: entry)
        #expect(answer.hasPrefix("fail damaged corrupt "), "\(answer)")
    }

    /// A scan header naming a Huffman table past the four there are (libjpeg takes any number
    /// 0-15 there and checks it only when it starts decoding) is no JPEG for an entry point:
    /// the search read past its table list (found by FuzzJPEGEntry, kept as its
    /// regression-table-number seed); now the scan's child refuses it as libjpeg does.
    @Test func aScanNamingATableThatCannotExistIsRefusedNotACrash() throws {
        var bytes = [UInt8](try Data(contentsOf: try largeJPEGs()[2]))
        let scanHeader = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        bytes[scanHeader + 2 + 2 + 1 + 2 * 2 + 1] = 0x19  // the third component's AC table: 9
        let file = temp.file("table-nine.jpg")
        try Data(bytes).write(to: file)
        let (finished, _) = try backgroundScan(file)
        #expect(finished.ending == .exited(1) && finished.output.hasPrefix("fail decode "), "\(finished.ending) \(finished.output)")
    }

    /// A Huffman table with more codes of a length than fit (200 of length 1: libjpeg checks the
    /// code space only when it starts decoding) is no table for the search: it laid the codes out
    /// past its lookup table (a review found it; kept as FuzzJPEGEntry's regression-huffman-overfull
    /// seed). The scan's child refuses the file as libjpeg does.
    @Test func anOverfullHuffmanTableIsRefusedNotWrittenPast() throws {
        var bytes = [UInt8](try Data(contentsOf: try largeJPEGs()[2]))
        let scanHeader = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        // A DHT redefining DC table 0, just before the scan: the last definition is the one used.
        let body: [UInt8] = [0x00, 200] + [UInt8](repeating: 0, count: 15) + [UInt8](repeating: 0, count: 200)
        bytes.insert(contentsOf: [0xFF, 0xC4, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: scanHeader)
        let file = temp.file("overfull.jpg")
        try Data(bytes).write(to: file)
        let (finished, _) = try backgroundScan(file)
        #expect(finished.ending == .exited(1) && finished.output.hasPrefix("fail decode "), "\(finished.ending) \(finished.output)")
    }

    /// Only a large baseline JPEG without restart markers gets one: a small photo decodes
    /// quickly anyway, and a progressive, arithmetic-coded or restart-marked scan has no use
    /// for one (the split decode does not serve the first two; restart markers are entry
    /// points already). Nor does a PNG.
    @Test func onlyALargeBaselineJPEGHasAnEntryPoint() throws {
        let large = try largeJPEGs()[2]
        #expect(try scannedEntryPoint(photo) == nil)
        for (option, value) in [("-progressive", nil), ("-arithmetic", nil), ("-restart", "4")] as [(String, String?)] {
            let converted = temp.file("large\(option).jpg")
            try run("/usr/bin/jpegtran", [option] + (value.map { [$0] } ?? []) + ["-outfile", converted.path, large.path])
            #expect(try scannedEntryPoint(converted) == nil, "\(option)")
        }
        let png = try TestImages.write(temp.file("large.png"), width: 2400, height: 1800)
        #expect(try scannedEntryPoint(png) == nil)
    }

    /// Photo-like JPEGs of 2400×1800 (4.3 megapixels, above `JPEGEntryPoint.minimumPixels`):
    /// 4:4:4, 4:2:2 and 4:2:0, greyscale and CMYK, made once per test.
    private func largeJPEGs() throws -> [URL] {
        try variants(of: try TestImages.write(temp.file("large-source.jpg"), width: 2400, height: 1800, format: .jpeg),
                     named: "large")
    }

    /// `source` recoded 4:4:4, 4:2:2 and 4:2:0, then greyscale and CMYK, as files named `prefix-…`.
    private func variants(of source: URL, named prefix: String) throws -> [URL] {
        var files: [URL] = []
        for sampling in ["4:4:4", "4:2:2", "4:2:0"] {
            let file = temp.file("\(prefix)-\(sampling.replacingOccurrences(of: ":", with: "")).jpg")
            try run("/usr/bin/convert", [source.path, "-sampling-factor", sampling, "-quality", "92", file.path])
            files.append(file)
        }
        let grey = temp.file("\(prefix)-grey.jpg")
        try run("/usr/bin/jpegtran", ["-grayscale", "-outfile", grey.path, source.path])
        let cmyk = temp.file("\(prefix)-cmyk.jpg")
        try run("/usr/bin/convert", [source.path, "-colorspace", "CMYK", cmyk.path])
        return files + [grey, cmyk]
    }

    /// The entry point the background scan's child (`--qr`) finds in `file`, if any.
    private func scannedEntryPoint(_ file: URL) throws -> JPEGEntryPoint? {
        let (finished, output) = try backgroundScan(file)
        #expect(finished.output.hasPrefix("ok "), "\(finished.output)")
        let scan = try #require(QRCodesFile.read([UInt8](try Data(contentsOf: output)), largestSide: 10_000))
        return scan.entryPoint
    }

    /// The background scan's decode (`--qr`) of `file`: the child's answer, and the file it wrote.
    private func backgroundScan(_ file: URL) throws -> (DecoderFinished, output: URL) {
        let output = temp.file("scan-\(UUID().uuidString)")
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 1024, product: .qrCodes,
                                            fullSize: nil, input: file.path, output: output.path)
        return (try server.run(request.arguments, wallSeconds: 30, answerWithin: 40), output)
    }

    // MARK: - Helpers

    /// The first line of what the child answers for a thumbnail of `file` fitting `box`
    /// ("ok W H" or "fail …"; the EXIF lines follow an "ok", `ExifAnswer`).
    private func decode(_ file: URL, box: Int, onTwoThreads: Bool = false, entryPoint: JPEGEntryPoint? = nil) throws -> String {
        let output = temp.file("thumbnail-\(UUID().uuidString).jpg")
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: box, format: .jpeg, fullSize: nil,
                                            onTwoThreads: onTwoThreads, entryPoint: entryPoint, input: file.path, output: output.path)
        let finished = try server.run(request.arguments, wallSeconds: 30, answerWithin: 40)
        return String(finished.output.prefix { $0 != "\n" })
    }

    /// The pixels the child decodes of `file` fitting `box` (the viewer's product), or nil when it fails.
    private func pixels(_ file: URL, box: Int, onTwoThreads: Bool = false, entryPoint: JPEGEntryPoint? = nil) throws -> PixelsFile.Pixels? {
        let output = temp.file("pixels-\(UUID().uuidString)")
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: box, product: .pixels, fullSize: nil,
                                            onTwoThreads: onTwoThreads, entryPoint: entryPoint, input: file.path, output: output.path)
        let finished = try server.run(request.arguments, wallSeconds: 30, answerWithin: 40)
        guard finished.output.hasPrefix("ok ") else { return nil }
        return PixelsFile.read([UInt8](try Data(contentsOf: output)), largestSide: 10_000)
    }

    /// How many rows a second thread decodes of `file` decoded to fit `box` (0: not split),
    /// asked of the decoder set up as `JPEGDecoder` sets it up, in this process.
    private func rowsForSecondThread(_ file: URL, box: Int) throws -> Int {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let jpeg = try #require(drover_jpeg_new(descriptor, nil, 0))
        defer { drover_jpeg_free(jpeg) }
        try #require(drover_jpeg_read_header(jpeg) == 0)
        let target = JPEGDecoder.fitted(PixelSize(width: Int(jpeg.pointee.info.image_width),
                                                  height: Int(jpeg.pointee.info.image_height)), box: box)
        try #require(drover_jpeg_choose_scale(jpeg, Int32(target.width), Int32(target.height)) == 0)
        try #require(drover_jpeg_start(jpeg, 0) == 0)
        return Int(drover_jpeg_rows_for_second_thread(jpeg))
    }

    /// How a two-thread decode of `file` fitting `box` from `entryPoint` decodes its rows
    /// (`DROVER_JPEG_FROM_ENTRY`, or another way after the entry point was found out or not
    /// used), decoded as `JPEGDecoder` decodes it, in this process, after `prefixLength` bytes
    /// were read from the file first (as `Pixbuf.load` reads them).
    private func howRowsAreDecoded(_ file: URL, box: Int, entryPoint: JPEGEntryPoint, prefixLength: Int) throws -> Int {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var prefix = [UInt8](repeating: 0, count: prefixLength)
        try #require(read(descriptor, &prefix, prefixLength) == prefixLength)
        // The decoder reads the prefix in place until it is freed, inside this closure.
        return try prefix.withUnsafeBufferPointer { bytes in
            let jpeg = try #require(drover_jpeg_new(descriptor, bytes.baseAddress, bytes.count))
            defer { drover_jpeg_free(jpeg) }
            try #require(drover_jpeg_read_header(jpeg) == 0)
            let target = JPEGDecoder.fitted(PixelSize(width: Int(jpeg.pointee.info.image_width),
                                                      height: Int(jpeg.pointee.info.image_height)), box: box)
            try #require(drover_jpeg_choose_scale(jpeg, Int32(target.width), Int32(target.height)) == 0)
            try #require(drover_jpeg_start(jpeg, 0) == 0)
            let info = jpeg.pointee.info
            let stride = Int(info.output_width) * Int(info.output_components)
            var rows = [UInt8](repeating: 0, count: stride * Int(info.output_height))
            var entry = entryPoint.cEntry
            try #require(drover_jpeg_read_rows_on_two_threads(jpeg, &rows, stride, &entry) == 0)
            return Int(jpeg.pointee.rows_from)
        }
    }

    /// The same decoded by gdk-pixbuf's JPEG loader in this process, as drover-decode did before.
    private func gdkPixbufPixels(_ file: URL, box: Int) throws -> PixelsFile.Pixels? {
        try pixels(of: try gdkPixbufPicture(file, box: box))
    }

    private func gdkPixbufPicture(_ file: URL, box: Int) throws -> Pixbuf {
        // With the header's size, as Drover's own decodes pass it: never scaled up.
        let header = try #require(Pixbuf.headerInfo(path: file.path))
        return try Pixbuf.load(path: file.path, fittingBox: box, fullSize: header.size, orientationNotAppliedByLoader: nil).0
    }

    /// `picture`'s pixels, as the child writes them (`PixelsFile`).
    private func pixels(of picture: Pixbuf) throws -> PixelsFile.Pixels? {
        let output = temp.file("reference-\(UUID().uuidString)")
        let descriptor = open(output.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        #expect(PixelsFile.write(picture, to: descriptor) == 0)
        return PixelsFile.read([UInt8](try Data(contentsOf: output)), largestSide: 10_000)
    }

    /// The size libjpeg decodes `header` at for `target`: the smallest of 1/1, 1/2, 1/4 and 1/8
    /// still at least `target` (libjpeg rounds a scaled side up).
    private func dctScaled(_ header: PixelSize, toAtLeast target: PixelSize) -> PixelSize {
        var chosen = header
        for denominator in [2, 4, 8] {
            let scaled = PixelSize(width: (header.width + denominator - 1) / denominator,
                                   height: (header.height + denominator - 1) / denominator)
            guard scaled.width >= target.width, scaled.height >= target.height else { break }
            chosen = scaled
        }
        return chosen
    }

    /// The mean difference of two pictures of one size, in levels of 0–255 per channel byte.
    private func meanDifference(_ a: PixelsFile.Pixels, _ b: PixelsFile.Pixels) -> Double {
        guard a.width == b.width, a.height == b.height, a.hasAlpha == b.hasAlpha else { return .infinity }
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    /// `picture` turned `quarterTurns` clockwise.
    private func turned(_ picture: PixelsFile.Pixels, clockwise quarterTurns: Int) -> PixelsFile.Pixels {
        var result = picture
        for _ in 0..<quarterTurns {
            let source = result
            let channels = source.hasAlpha ? 4 : 3
            result = PixelsFile.Pixels(width: source.height, height: source.width, hasAlpha: source.hasAlpha,
                                       pixels: [UInt8](repeating: 0, count: source.pixels.count))
            for y in 0..<source.height {
                for x in 0..<source.width {
                    // A clockwise turn: the left column becomes the top row.
                    let to = (x * result.width + (source.height - 1 - y)) * channels
                    let from = (y * source.width + x) * channels
                    result.pixels.replaceSubrange(to..<to + channels, with: source.pixels[from..<from + channels])
                }
            }
        }
        return result
    }

    /// A copy of `file` with `bytes` written over its own at `fraction` of its length (inside
    /// the scan data, which is most of a JPEG).
    private func overwrite(_ file: URL, atFraction fraction: Double, with bytes: [UInt8], name: String) throws -> URL {
        let length = try Data(contentsOf: file).count
        return try overwrite(file, at: Int(Double(length) * fraction), with: bytes, name: name)
    }

    /// A copy of `file` with `bytes` written over its own from byte `start`.
    private func overwrite(_ file: URL, at start: Int, with bytes: [UInt8], name: String) throws -> URL {
        var data = [UInt8](try Data(contentsOf: file))
        data.replaceSubrange(start..<start + bytes.count, with: bytes)
        let damaged = temp.file(name)
        try Data(data).write(to: damaged)
        return damaged
    }

    /// What djpeg says on standard error while it decodes `file`: its warnings (and, with
    /// `allowingErrors`, the error it gave up with).
    private func djpegWarnings(_ file: URL, allowingErrors: Bool = false) throws -> String {
        // djpeg exits 2 after warnings, 1 after an error.
        try run("/usr/bin/djpeg", ["-outfile", "/dev/null", file.path], allowedStatuses: allowingErrors ? [0, 1, 2] : [0, 2]).errors
    }

    /// Runs a tool, bounded: killed (by its pid) after 30 s. Throws unless it exits with one of `allowedStatuses`.
    @discardableResult
    private func run(_ program: String, _ arguments: [String],
                     allowedStatuses: Set<Int32> = [0]) throws -> (output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = temp.file("stdout-\(UUID().uuidString)")
        let errors = temp.file("stderr-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let said = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        guard process.terminationReason == .exit, allowedStatuses.contains(process.terminationStatus) else {
            throw TestError("\(program) \(arguments.joined(separator: " ")) failed: \(said)")
        }
        return (try Data(contentsOf: output), said)
    }
}
