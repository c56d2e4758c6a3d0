import Foundation
import ImageFormats
import TestSupport
import Testing
@testable import GalleryKit

/// Issue 32, item 5: one rule, by content, decides what an import takes. A folder import
/// used to judge by the extension and skipped a PPM, an XPM, an icon, a DNG, a JPEG without
/// an extension and a fake CR2 as "not an image", which imported one by one.
@Suite struct ContentRuleTests {
    /// Files whose content is an image, under names that do not say so.
    private static func makeOddImages(in folder: URL) throws -> [String] {
        var ppm = Data("P6\n3 2\n255\n".utf8)
        ppm.append(Data((0..<18).map { UInt8($0 * 14) }))
        try ppm.write(to: folder.appendingPathComponent("scan.ppm"))
        try Data("""
            /* XPM */
            static char *dot[] = {
            "2 2 2 1",
            "a c #FF0000",
            "b c #0000FF",
            "ab",
            "ba"};

            """.utf8).write(to: folder.appendingPathComponent("dot.xpm"))
        try TestImages.write(folder.appendingPathComponent("favicon.ico"), width: 16, height: 16, format: .ico)
        try TestImages.write(folder.appendingPathComponent("IMG_0001"), width: 12, height: 10, format: .jpeg)
        try TestImages.write(folder.appendingPathComponent("raw.dng"), width: 14, height: 10, format: .tiff)
        try TestImages.write(folder.appendingPathComponent("fake.cr2"), width: 16, height: 10, format: .tiff, alpha: true)
        return ["IMG_0001", "fake.cr2", "favicon.ico", "raw.dng", "scan.ppm"]
    }

    @Test func aFolderTakesWhatASingleFileImportTakes() async throws {
        let temp = try TemporaryDirectory()
        let folder = try temp.folder("odd")
        let images = try Self.makeOddImages(in: folder)
        try Data("just words\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>\n".utf8)
            .write(to: folder.appendingPathComponent("logo.svg"))

        let scan = try ImageFileFinder.scan(folder, limit: 100)
        #expect(scan.images.map(\.lastPathComponent).sorted() == images)
        #expect(Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.name, $0.reason) })
            == ["notes.txt": .notAnImage, "logo.svg": .unsupportedFormat("SVG"), "dot.xpm": .unsupportedFormat("XPM")])

        // The folder import and the same files one by one, into two libraries: the same outcome.
        let (first, second) = (try TemporaryDirectory(), try TemporaryDirectory())
        let byFolder = try await PhotoLibrary.makeTemporary(in: first)
        let folderReport = try await byFolder.importDirectory(folder)
        #expect(folderReport.imported.map(\.source.lastPathComponent).sorted() == images)
        #expect(folderReport.failures.isEmpty, "\(folderReport.failures.map(\.message))")

        let oneByOne = try await PhotoLibrary.makeTemporary(in: second)
        for name in images {
            let report = try await oneByOne.importFiles([folder.appendingPathComponent(name)])
            #expect(report.imported.count == 1, "\(name): \(report.failures.map(\.message))")
        }
        let text = try await oneByOne.importFiles([folder.appendingPathComponent("notes.txt")])
        #expect(text.failures.map(\.reason) == [.notAnImage])
        let vector = try await oneByOne.importFiles([folder.appendingPathComponent("logo.svg")])
        #expect(vector.failures.map(\.reason) == [.unsupportedFormat("SVG")])
        // XPM's loader needs a temporary file, which the confined decoder may not make:
        // refused by name, alone as from the folder.
        let icon = try await oneByOne.importFiles([folder.appendingPathComponent("dot.xpm")])
        #expect(icon.failures.map(\.reason) == [.unsupportedFormat("XPM")])
    }

    @Test func theFirstBytesDecide() {
        func decide(_ bytes: [UInt8]) -> ImportContentRule.Decision {
            bytes.withUnsafeBytes { ImportContentRule.decide(ImageContent.recognize($0)) }
        }
        #expect(decide([0xFF, 0xD8, 0xFF, 0xE0]) == .take)
        #expect(decide(Array("P5\n1 1\n255\n".utf8) + [0]) == .take)
        #expect(decide(Array("P9\n".utf8)) == .notAnImage)
        #expect(decide([0, 0, 1, 0, 1, 0]) == .take)  // an icon with one image
        #expect(decide([0, 0, 1, 0, 0, 0]) == .notAnImage)  // no images
        // An uncompressed true-colour TGA header, 2×2, 24 bits.
        #expect(decide([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0]) == .take)
        #expect(decide([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 23, 0]) == .notAnImage)
        #expect(decide(Array("qoif".utf8) + [0, 0, 0, 1]) == .unsupported("QOI"))
        #expect(decide(Array("Hello, world".utf8)) == .notAnImage)
        #expect(decide([]) == .notAnImage)
    }
}
