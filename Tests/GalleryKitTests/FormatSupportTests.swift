import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// Which formats import, and the message for each that does not: a format with a signature
/// but no decoder is "unsupported" by name, never "damaged" (issue 9, item 8).
@Suite struct FormatSupportTests {
    private func importFixtures(_ names: [String]) async throws -> (ImportReport, [URL], PhotoLibrary, TemporaryDirectory) {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("source")
        let urls = try names.map { name in
            let url = source.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Repository.fixture(name), to: url)
            return url
        }
        return (try await library.importFiles(urls), urls, library, temp)
    }

    /// Needs the WebP, HEIF and AVIF gdk-pixbuf loaders (scripts/install-deps.sh installs them).
    @Test func webpHeicAndAVIFImport() async throws {
        let (report, urls, library, temp) = try await importFixtures(["tiny.webp", "tiny.heic", "tiny.avif", "cmyk8.tif"])
        defer { withExtendedLifetime(temp) {} }  // The library's folder lives in it.
        #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
        #expect(report.imported.map(\.source) == urls)
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(photos.map(\.pixelSize) == Array(repeating: PixelSize(width: 24, height: 16), count: 4))
        for photo in photos { #expect(FileManager.default.fileExists(atPath: photo.thumbnailURL.path)) }
    }

    /// libtiff's RGBA reader, which gdk-pixbuf's TIFF loader uses, reads CMYK only at
    /// 8 bits per sample; a 16-bit CMYK TIFF used to be called damaged.
    @Test func sixteenBitCMYKTIFFIsNamedUnsupported() async throws {
        let (report, _, _, _) = try await importFixtures(["cmyk16.tif"])
        #expect(report.failures.map(\.reason) == [.unsupportedFormat("16-bit CMYK TIFF")])
        #expect(report.failures.first?.message == "cmyk16.tif: Drover does not import 16-bit CMYK TIFF images.")
    }

    @Test func anImageSignatureWithoutADecoderIsUnsupportedNotDamaged() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        // A JPEG XL container signature, then codestream-like bytes: no gdk-pixbuf loader reads it here.
        let jpegXL = temp.file("photo.jxl")
        try (Data([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) + Data(repeating: 0x42, count: 200)).write(to: jpegXL)
        let photoshop = temp.file("layers.psd")
        try (Data("8BPS".utf8) + Data([0, 1]) + Data(repeating: 0, count: 100)).write(to: photoshop)
        let text = temp.file("notes.jpg")
        try Data("not an image at all".utf8).write(to: text)
        let report = try await library.importFiles([jpegXL, photoshop, text])
        #expect(report.failures.map(\.reason) == [.unsupportedFormat("JPEG XL"), .unsupportedFormat("Photoshop (PSD)"), .notAnImage])
    }

    /// gdk-pixbuf paints a cut BMP, WebP, GIF or TIFF's missing part grey without an error.
    @Test func truncatedImagesOfEveryFormatFailAsDamaged() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("cut")
        var cut: [URL] = []
        for format in [TestImages.Format.bmp, .webp, .tiff, .avif] {
            let url = try TestImages.write(source.appendingPathComponent("cut.\(format.rawValue)"), width: 300, height: 200, format: format)
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
            cut.append(url)
        }
        for name in ["tiny.gif", "tiny.heic"] {
            let url = source.appendingPathComponent("cut-\(name)")
            let bytes = try Data(contentsOf: Repository.fixture(name))
            try bytes.prefix(bytes.count * 3 / 4).write(to: url)
            cut.append(url)
        }
        let report = try await library.importFiles(cut)
        #expect(report.imported.isEmpty)
        #expect(report.failures.count == cut.count)
        for failure in report.failures {
            if case .corrupt = failure.reason {} else { Issue.record("\(failure.source.lastPathComponent): \(failure.reason)") }
        }
        #expect(listing(library.location.photosDirectory).isEmpty)
    }

    /// A JPEG cut short with an end marker appended passes the check for the end marker;
    /// the decoder's own JPEG decode finds the data ends early and says so (gdk-pixbuf's
    /// loader imported it with grey made up). An arithmetic-coded JPEG, which gdk-pixbuf's
    /// loader could not read, imports and shows in the viewer; so does one with padding
    /// before a marker, as some cameras write (libjpeg warns of "extraneous bytes").
    @Test func aCutJPEGIsRefusedAsDamagedAndArithmeticCodedAndPaddedOnesImport() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("source")
        let photo = try TestImages.write(temp.file("photo.jpg"), width: 400, height: 300, format: .jpeg)
        let bytes = try Data(contentsOf: photo)
        let cut = source.appendingPathComponent("cut.jpg")
        try (bytes.prefix(bytes.count / 2) + Data([0xFF, 0xD9])).write(to: cut)
        let arithmetic = source.appendingPathComponent("arithmetic.jpg")
        let jpegtran = Process()
        jpegtran.executableURL = URL(fileURLWithPath: "/usr/bin/jpegtran")
        jpegtran.arguments = ["-arithmetic", "-outfile", arithmetic.path, photo.path]
        try jpegtran.run()
        jpegtran.waitUntilExit()  // jpegtran recodes 400×300 pixels' coefficients and exits: short.
        #expect(jpegtran.terminationStatus == 0)

        let padded = source.appendingPathComponent("padded.jpg")
        let second = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))  // after APP0
        try (bytes.prefix(second) + Data([0x00, 0x00, 0x00]) + bytes.dropFirst(second)).write(to: padded)

        let report = try await library.importFiles([cut, arithmetic, padded])
        #expect(Set(report.imported.map(\.source)) == [arithmetic, padded])
        let failure = try #require(report.failures.first)
        #expect(failure.source == cut)
        guard case .damaged(.endsEarly, let detail) = failure.reason else {
            Issue.record("\(failure.reason)")
            return
        }
        #expect(failure.message == "cut.jpg: The image is damaged: its data ends early (\(detail)).")
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(photos.map(\.pixelSize) == [PixelSize(width: 400, height: 300), PixelSize(width: 400, height: 300)])
        let shown = try await DecodedImage.decode(fileAt: arithmetic, fittingBox: 1000)
        #expect(shown == (try await DecodedImage.decode(fileAt: photo, fittingBox: 1000)))
        await #expect(throws: ImportFailureReason.damaged(.endsEarly, detail: detail)) {
            _ = try await DecodedImage.decode(fileAt: cut, fittingBox: 1000)
        }
    }
}
