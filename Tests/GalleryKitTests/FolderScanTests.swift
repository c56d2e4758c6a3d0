import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// Issue 9, item 7: a folder import accounts for every entry it finds. Each is imported,
/// failed or skipped with its reason, and the three add up to what is there.
@Suite struct FolderScanTests {
    @Test func everyEntryIsImportedFailedOrSkippedWithItsReason() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let root = try temp.folder("holiday")
        defer { RawFiles.removeTree(root) }
        let rootBytes = Array(root.path.utf8)

        // Imported.
        try TestImages.write(root.appendingPathComponent("a.png"), width: 10, height: 10)
        try TestImages.write(try temp.folder("holiday/day 2").appendingPathComponent("c.jpg"), width: 10, height: 10, format: .jpeg)
        // An image name, but not an image: by content, skipped as one.
        try Data("not a picture\n".utf8).write(to: root.appendingPathComponent("broken.png"))
        // Skipped, each for its own reason.
        try Data("readme".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data("readme".utf8).write(to: root.appendingPathComponent("day 2/readme.txt"))
        try TestImages.write(root.appendingPathComponent(".hidden.png"), width: 5, height: 5)
        try TestImages.write(try temp.folder("holiday/.cache").appendingPathComponent("x.png"), width: 5, height: 5)
        try RawFiles.makeFile(rootBytes + Array("/bad".utf8) + [0xFF] + Array(".png".utf8))
        let oddFolder = rootBytes + Array("/dir".utf8) + [0xFE]
        try RawFiles.makeFolder(oddFolder)
        try RawFiles.makeFile(oddFolder + Array("/y.png".utf8))
        #expect(mkfifo(root.appendingPathComponent("pipe.png").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("dangling.png").path,
                                                   withDestinationPath: "nowhere.png")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("loop").path,
                                                   withDestinationPath: root.path)
        let deep = try RawFiles.makeChain(under: root, longerThan: Int(PATH_MAX))
        var expected: [String: ImportSkip.Reason] = [
            "notes.txt": .notAnImage, "day 2/readme.txt": .notAnImage, "broken.png": .notAnImage,
            ".hidden.png": .hidden, ".cache": .hidden,
            "bad\\xff.png": .nameNotText, "dir\\xfe": .nameNotText,
            "pipe.png": .notAFile(kind: "a FIFO"), "dangling.png": .brokenLink, "loop": .linkToFolder,
            deep: .pathTooLong,
        ]
        // As root, permissions do not stop a read, so this case needs an ordinary user.
        if isRoot {
            print("FolderScanTests: running as root, where chmod 000 does not stop reading a folder: the unreadable-folder case is left out")
        } else {
            let locked = try temp.folder("holiday/locked")
            try TestImages.write(locked.appendingPathComponent("z.png"), width: 5, height: 5)
            chmod(locked.path, 0)
            expected["locked"] = .folderUnreadable(detail: "Permission denied")
        }

        let report = try await library.importDirectory(root)

        #expect(report.imported.map(\.source.lastPathComponent) == ["a.png", "c.jpg"])
        #expect(report.failures.isEmpty)
        let skipped = Dictionary(uniqueKeysWithValues: report.skipped.map { (String($0.path.dropFirst(root.path.count + 1)), $0.reason) })
        #expect(skipped == expected)
        // The totals add up to the entries made above (folders looked into are not entries).
        #expect(report.imported.count + report.failures.count + report.skipped.count == 2 + expected.count)
        let odd = try #require(report.skipped.first { $0.reason == .nameNotText && $0.pathBytes.last == 0xFE })
        #expect(odd.pathBytes == oddFolder)
        #expect(odd.name == "dir\\xfe")
        #expect(odd.message == "dir\\xfe: name is not valid text (UTF-8)")
        #expect(report.skipped.filter(\.reason.needsAttention).map(\.reason).count == (isRoot ? 5 : 6))
    }

    // As root it is disabled (and so counted as skipped); the test command runs it again as
    // an unprivileged user (scripts/test-as-user.sh), where it must run.
    @Test(.enabled(if: !isRoot, "root reads any folder, whatever its permissions (run as a user by scripts/test-as-user.sh)"))
    func anUnreadableRootFolderIsReportedNotSilent() async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.folder("locked")
        try TestImages.write(root.appendingPathComponent("a.png"), width: 5, height: 5)
        chmod(root.path, 0)
        let scan = try ImageFileFinder.scan(root, limit: 10)
        #expect(scan.images.isEmpty)
        #expect(scan.skipped.map(\.reason) == [.folderUnreadable(detail: "Permission denied")])
    }

    @Test func aFileGoneBeforeItIsOpenedVanishedOnlyIfTheScanSawIt() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        var seen = ImportSource(url: temp.file("seen-then-gone.png"))
        seen.seenByScan = true
        let never = ImportSource(url: temp.file("never-there.png"))
        let report = try await library.importSources([seen, never])
        #expect(report.failures.map(\.reason) == [.vanished, .doesNotExist])
        #expect(report.failures[1].message == "never-there.png: There is no file at this path.")
    }

    /// Item 3: with another process removing in-flight copies, the failures named the first
    /// file of the batch and took the whole batch down. Now only the photo whose copy went
    /// fails, named by its own failure.
    @Test func aBatchPhotoWhoseCopyWasRemovedFailsAloneUnderItsOwnName() async throws {
        let temp = try TemporaryDirectory()
        var faults = FaultInjection()
        faults.removeCopyBeforeCommit = "b.png"
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(batchSize: 10), faults: faults)
        let folder = try temp.folder("batch")
        let files = try ["a.png", "b.png", "c.png"].enumerated().map {
            try TestImages.write(folder.appendingPathComponent($0.element), width: 10 + $0.offset, height: 10)
        }

        let report = try await library.importFiles(files)

        #expect(report.imported.map(\.source) == [files[0], files[2]])
        #expect(report.failures.map(\.source) == [files[1]])
        let message = try #require(report.failures.first?.message)
        #expect(message.hasPrefix("b.png: ") && message.contains("removed") && !message.contains("a.png") && !message.contains("c.png"),
                "\(message)")
        #expect(try await library.titles(in: .allPhotos) == ["a", "c"])
        // Its thumbnail and journal entry went with it: nothing of it is left behind.
        #expect(listing(library.location.thumbnailsDirectory) == ["a.png.png", "c.png.png"])
        #expect(try await library.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") } == 0)
    }
}

/// Files whose names are bytes, not text, made through the C API.
enum RawFiles {
    static func makeFile(_ path: [UInt8]) throws {
        let file = cPath(path) { open($0, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644) }
        guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(file)
    }

    static func makeFolder(_ path: [UInt8]) throws {
        guard cPath(path, { mkdir($0, 0o755) }) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Nested folders of long names under `root`, made one at a time relative to the last
    /// (`mkdirat`, since the full path is too long to use), until the path is at least
    /// `length` bytes. Returns the relative path of the first folder that is that long.
    static func makeChain(under root: URL, longerThan length: Int) throws -> String {
        let name = String(repeating: "d", count: 250)
        var parent = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var relative: [String] = []
        var pathLength = root.path.utf8.count
        var firstTooLong: String?
        func makeLevel() throws {
            guard mkdirat(parent, name, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(parent)
            parent = child
            relative.append(name)
            pathLength += 1 + name.utf8.count
        }
        while firstTooLong == nil {
            try makeLevel()
            if pathLength >= length { firstTooLong = relative.joined(separator: "/") }
        }
        try makeLevel()  // one more, which the scan never reaches
        // An image deep inside, which the scan cannot reach and so does not count.
        let file = openat(parent, "deep.png", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        close(file)
        close(parent)
        return firstTooLong!
    }

    /// Removes a tree that Foundation cannot: names that are not text, paths over PATH_MAX.
    static func removeTree(_ root: URL) {
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/sh")
        remove.arguments = ["-c", "chmod -R u+rwx -- \"$1\"; rm -rf -- \"$1\"", "sh", root.path]
        try? remove.run()
        remove.waitUntilExit()
    }

    private static func cPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
