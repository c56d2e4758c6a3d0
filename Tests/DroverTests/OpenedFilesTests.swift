import Foundation
import Testing
@testable import Drover

/// Issue 29, item 4: what `drover FILE` shows and where previous and next go, and which
/// arguments are opened and which imported.
@Suite struct OpenedFilesTests {
    private func folder(with names: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opened-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try Data([1]).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func namesSortAsAFileManagerShowsThem() {
        #expect(OpenedFiles.sortedByName(["img10.jpg", "IMG2.jpg", "img1.jpg", "b.png", "A.png"])
                == ["A.png", "b.png", "img1.jpg", "IMG2.jpg", "img10.jpg"])
        // Names equal but for case still have one order.
        #expect(OpenedFiles.sortedByName(["a.png", "A.png"]) == ["A.png", "a.png"])
    }

    @Test func onlyImagesDroverReadsAreListed() {
        #expect(OpenedFiles.isImageName("x.JPG") && OpenedFiles.isImageName("y.webp") && OpenedFiles.isImageName("z.heic"))
        #expect(!OpenedFiles.isImageName("notes.txt") && !OpenedFiles.isImageName("README") && !OpenedFiles.isImageName(".hidden.jpg"))
        #expect(!OpenedFiles.isImageName("icon.xpm"))
    }

    @Test func oneFileOpensAmongItsFoldersImages() throws {
        let folder = try folder(with: ["c.png", "a.jpg", "notes.txt", "b10.gif", "b9.gif", ".d.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("e.png"), withIntermediateDirectories: true)
        // Relative to a working folder, as the command line gives it.
        let given = URL(fileURLWithPath: "b9.gif", relativeTo: URL(fileURLWithPath: folder.path, isDirectory: true)).standardizedFileURL
        var opened = OpenedFiles(opening: [given])
        #expect(opened.files.map(\.lastPathComponent) == ["a.jpg", "b9.gif", "b10.gif", "c.png"])
        #expect(opened.current.lastPathComponent == "b9.gif" && opened.hasPrevious && opened.hasNext)
        #expect(opened.step(1) && opened.current.lastPathComponent == "b10.gif")
        #expect(opened.jump(toLast: true) && opened.current.lastPathComponent == "c.png" && !opened.hasNext)
        #expect(!opened.step(1) && !opened.jump(toLast: true))
        #expect(opened.jump(toLast: false) && opened.current.lastPathComponent == "a.jpg" && !opened.step(-1))
    }

    @Test func aFileThatIsNoImageIsShownAlone() throws {
        let folder = try folder(with: ["a.jpg", "notes.txt"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = OpenedFiles(opening: [folder.appendingPathComponent("notes.txt")])
        #expect(opened.files.map(\.lastPathComponent) == ["notes.txt"] && !opened.hasPrevious && !opened.hasNext)
    }

    @Test func severalFilesAreTheSequenceInTheOrderGiven() {
        let files = ["/p/z.png", "/q/a.png"].map { URL(fileURLWithPath: $0) }
        let opened = OpenedFiles(opening: files) { _ in Issue.record("no folder is listed"); return [] }
        #expect(opened.files == files && opened.index == 0)
    }

    @Test func bareFilesAreOpenedAndImportedOnlyWithImport() throws {
        let shown = try CommandLineOptions.parse(["a.png", "https://example.org/b.jpg"], relativeTo: "/tmp")
        #expect(shown.opens == [URL(fileURLWithPath: "/tmp/a.png")])
        #expect(shown.imports == [URL(string: "https://example.org/b.jpg")!])
        let imported = try CommandLineOptions.parse(["--import", "a.png", "b.png"], relativeTo: "/tmp")
        #expect(imported.opens.isEmpty && imported.imports.map(\.path) == ["/tmp/a.png", "/tmp/b.png"])
        let headless = try CommandLineOptions.parse(["--import-only", "a.png"], relativeTo: "/tmp")
        #expect(headless.opens.isEmpty && headless.imports.map(\.path) == ["/tmp/a.png"])
        // A file named like an address is still a file; after `--` too.
        let named = try CommandLineOptions.parse(["--", "http:x.png"], relativeTo: "/tmp")
        #expect(named.opens.map(\.path) == ["/tmp/http:x.png"])
    }
}
