import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// Untrusted images are decoded in the `drover-decode` helper under CPU, memory and
/// wall-clock budgets, and files over the size limit are refused before they are copied.
@Suite struct BoundedDecodeTests {
    /// Nothing of a refused file is left: no copy, no thumbnail, no temp file, no row.
    private func expectNothingLeft(in library: PhotoLibrary) async throws {
        #expect(listing(library.location.photosDirectory) == [])
        #expect(listing(library.location.thumbnailsDirectory) == [])
        #expect(try await library.photoCount() == 0)
    }

    private func onlyFailure(_ report: ImportReport) throws -> ImportFailureReason {
        #expect(report.imported.isEmpty)
        return try #require(report.failures.count == 1 ? report.failures.first : nil, "\(report.failures)").reason
    }

    @Test func aJPEGRepeatingOneScanThousandsOfTimesIsRefusedAsTooComplex() async throws {
        let temp = try TemporaryDirectory()
        // 30,000 copies of a 34-byte scan: about 1 MB, and about 20 s of CPU for gdk-pixbuf
        // on the machine this was written on, which re-renders the image after every scan.
        let bomb = try TestImages.writeScanBomb(temp.file("scans.jpg"), repeats: 30_000)
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(decodeCPUSeconds: 1))

        let report = try await library.importFiles([bomb])

        let reason = try onlyFailure(report)
        #expect(reason == .tooComplexToDecode(seconds: 1))
        #expect(reason.message == "The image is too complex to decode within Drover's limits (1 s of processing).")
        try await expectNothingLeft(in: library)
    }

    @Test func aFileOverTheSizeLimitIsRefusedWithItsSizeBeforeItIsCopied() async throws {
        let temp = try TemporaryDirectory()
        // A valid JPEG followed by 2 GB of zeros, sparse: it takes no room on disk here,
        // but a copy would be 2 GB of real blocks.
        let sparse = try TestImages.write(temp.file("tail.jpg"), width: 64, height: 48, format: .jpeg)
        let size = 2_147_483_648
        #expect(truncate(sparse.path, off_t(size)) == 0)
        let library = try await PhotoLibrary.makeTemporary(in: temp)

        let report = try await library.importFiles([sparse])

        let reason = try onlyFailure(report)
        #expect(reason == .fileTooLarge(bytes: size, limit: 1_000_000_000))
        #expect(reason.message == "The file is 2.1 GB, over Drover's limit of 1 GB for one photo.")
        try await expectNothingLeft(in: library)
        #expect(try diskUsage(of: library.location.directory) < 10_000_000, "nothing large was written")
    }

    @Test func theCopyStopsAtTheLimitWhateverTheFileClaimedAtFirst() async throws {
        // A file that grows after it was measured is stopped by the copy itself.
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("grows.png"), width: 300, height: 300)
        let folder = library.location.photosDirectory
        let file = open(source.path, O_RDONLY)
        defer { close(file) }
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int)

        #expect(throws: ImportFailureReason.fileTooLarge(bytes: bytes, limit: 1000)) {
            _ = try AtomicFile.copy(from: file, into: folder, preferredName: "grows.png", maxBytes: 1000,
                                    journal: library.journal, faults: FaultInjection())
        }
        #expect(listing(folder) == [], "no copy and no temp file")
        #expect(try await library.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") } == 0)
    }

    @Test func aDecoderThatExitsWithoutAnAnswerFailsClearly() async throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(decoderExecutable: "/bin/false"))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .decoderFailed(detail: "it exited with status 1 without an answer"))
        #expect(reason.message == "Drover's image decoder failed on this file (it exited with status 1 without an answer).")
        try await expectNothingLeft(in: library)
    }

    @Test func aDecoderThatCrashesFailsClearly() async throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let crashing = try temp.script(named: "crash", "kill -SEGV $$")
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(decoderExecutable: crashing))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .decoderFailed(detail: "it stopped with signal 11, Segmentation fault"))
        try await expectNothingLeft(in: library)
    }

    @Test func aDecoderThatRunsOutOfMemoryIsReportedSo() async throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        // What GLib prints when g_malloc fails, then its abort.
        let starving = try temp.script(named: "starve",
                                       "echo 'GLib-ERROR **: failed to allocate 400000000 bytes' >&2; kill -TRAP $$")
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(decodeMemoryBytes: 500_000_000),
                                                           faults: FaultInjection(decoderExecutable: starving))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .tooLargeToDecode(memoryLimit: 500_000_000))
        #expect(reason.message == "The image needs more memory to decode than Drover's limit of 500 MB.")
        try await expectNothingLeft(in: library)
    }

    @Test func theRealDecoderRefusesWhatItCannotFitInItsMemoryBudget() async throws {
        let temp = try TemporaryDirectory()
        // 23 KB that claim 10000×10000 pixels (100 megapixels, within maxPixels): libjpeg
        // sets aside every coefficient of a progressive image before it reads a scan,
        // about 300 MB here, over a 250 MB budget that the helper itself fits in.
        let photo = try TestImages.writeProgressiveJPEG(temp.file("claims-100-mp.jpg"), claiming: PixelSize(width: 10_000, height: 10_000))
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(decodeMemoryBytes: 250_000_000))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .tooLargeToDecode(memoryLimit: 250_000_000))
        try await expectNothingLeft(in: library)
    }

    @Test func aDecoderThatHangsIsKilledAtTheWallClockBudget() async throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let hanging = try temp.script(named: "hang", "exec sleep 600")
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(decodeWallSeconds: 1),
                                                           faults: FaultInjection(decoderExecutable: hanging))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .decodeTimedOut(seconds: 1))
        try await expectNothingLeft(in: library)
    }

    @Test func aMissingDecoderFailsClearly() async throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let missing = temp.file("no-such-decoder").path
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(decoderExecutable: missing))

        let reason = try onlyFailure(try await library.importFiles([photo]))

        #expect(reason == .decoderFailed(detail: "\(missing) cannot be started: No such file or directory"))
        try await expectNothingLeft(in: library)
    }

    @Test func theHelperKeepsTheEXIFOrientation() async throws {
        let temp = try TemporaryDirectory()
        // Stored 300×200 with orientation 6 ("turn 90° clockwise to show"): upright it is 200×300.
        let photo = try TestImages.write(temp.file("sideways.jpg"), width: 300, height: 200, format: .jpeg)
        var exif = ExifFixture()
        exif.orientation = 6
        try exif.jpeg(try Data(contentsOf: photo)).write(to: photo)
        let library = try await PhotoLibrary.makeTemporary(in: temp)

        let report = try await library.importFiles([photo])

        #expect(report.failures.isEmpty, "\(report.failures)")
        let stored = try #require(try await library.photos(withIDs: report.photoIDs).first)
        #expect(stored.pixelSize == PixelSize(width: 200, height: 300))
        let thumbnail = try await DecodedImage.decode(fileAt: stored.thumbnailURL, fittingBox: 1000)
        #expect(thumbnail.height == 256 && thumbnail.width < thumbnail.height)
    }

    @Test func requestsRoundTripThroughTheHelpersArguments() throws {
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 256,
                                            fullSize: PixelSize(width: 4000, height: 3000),
                                            input: "-odd name.jpg", output: "/tmp/.import-x")
        #expect(try DecoderHelper.Request(parsing: request.arguments) == request)
        var jpeg = request
        jpeg.format = .jpeg
        #expect(try DecoderHelper.Request(parsing: jpeg.arguments) == jpeg)
        // The EXIF alone (the child reads the orientation itself: no request carries it).
        var exifOnly = request
        exifOnly.product = .exif
        #expect(try DecoderHelper.Request(parsing: exifOnly.arguments) == exifOnly)
        // The viewer's: the pixels themselves, refused over a pixel count from the header.
        var viewer = request
        viewer.product = .pixels
        viewer.maxPixels = 100_000_000
        #expect(try DecoderHelper.Request(parsing: viewer.arguments) == viewer)
        // The photo on show that nothing decoded ahead: on two threads.
        var waitedFor = viewer
        waitedFor.onTwoThreads = true
        #expect(waitedFor.arguments.contains("--two-threads") && !viewer.arguments.contains("--two-threads"))
        #expect(try DecoderHelper.Request(parsing: waitedFor.arguments) == waitedFor)
        #expect(throws: DecoderHelper.Request.UsageError.self) {
            _ = try DecoderHelper.Request(parsing: ["--cpu-seconds", "1", "--memory-bytes", "1", "--box", "8", "--orientation", "6", "a", "b"])
        }
        #expect(throws: DecoderHelper.Request.UsageError.self) { _ = try DecoderHelper.Request(parsing: ["--box", "0", "a", "b"]) }
        #expect(throws: DecoderHelper.Request.UsageError.self) {
            _ = try DecoderHelper.Request(parsing: ["--cpu-seconds", "1", "--memory-bytes", "1", "--box", "8", "--format", "gif", "a", "b"])
        }
    }

    @Test func sizesReadAsPeopleReadThem() {
        #expect(ByteSize.text(2_147_483_700) == "2.1 GB")
        #expect(ByteSize.text(1_000_000_000) == "1 GB")
        #expect(ByteSize.text(713_000) == "713 KB")
        #expect(ByteSize.text(12) == "12 bytes")
        let justOver = ImportFailureReason.fileTooLarge(bytes: 1_000_000_001, limit: 1_000_000_000)
        #expect(justOver.message == "The file is 1000000001 bytes, over Drover's limit of 1000000000 bytes for one photo.")
    }

    /// An executable shell script standing in for the decoder.

    /// Bytes of disk the files under `directory` really take (blocks, not apparent sizes).
    private func diskUsage(of directory: URL) throws -> Int {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        return paths.reduce(0) { total, path in
            var info = stat()
            guard lstat(directory.appendingPathComponent(path).path, &info) == 0 else { return total }
            return total + Int(info.st_blocks) * 512
        }
    }
}
