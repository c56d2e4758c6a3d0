import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// Libraries on disks that refuse writes. A read-only one can be browsed, and
/// every change is refused with a clear error; a full one says it is full.
///
/// Tests run as root, for whom permissions never refuse a write, so the library lives on a
/// small tmpfs that is remounted read-only: the kernel itself refuses writes (EROFS).
@Suite(.enabled(if: ReadOnlyMount.isPossible, "needs root and mount(8) to make a read-only disk"))
struct SmallDiskTests {
    @Test func aLibraryOnAReadOnlyDiskCanBeBrowsedButNotChanged() async throws {
        let mount = try ReadOnlyMount()
        defer { mount.unmount() }
        let temp = try TemporaryDirectory()
        let directory = mount.url.appendingPathComponent("library")
        let writable = try await PhotoLibrary.open(at: directory)
        let ids = try await writable.importGenerated(2, named: "ro", in: temp)
        try writable.close()
        try mount.makeReadOnly()

        let library = try await PhotoLibrary.open(at: directory)
        #expect(library.isReadOnly)
        #expect(library.recoveryReport.isClean)
        #expect(try await library.titles(in: .allPhotos) == ["ro-1", "ro-2"])
        let image = try await library.thumbnail(for: ids[0], fittingBox: 32)
        #expect(image.width > 0)

        await #expect(throws: LibraryError.readOnly(library.location.directory)) {
            _ = try await library.createAlbum(named: "Nope")
        }
        await #expect(throws: LibraryError.readOnly(library.location.directory)) {
            _ = try await library.importFiles([try TestImages.write(temp.file("new.png"), width: 8, height: 8)])
        }
        await #expect(throws: LibraryError.readOnly(library.location.directory)) {
            _ = try await library.removeItems([.photo(ids[0])])
        }
        #expect(try await library.titles(in: .allPhotos) == ["ro-1", "ro-2"])
        try library.close()
    }

    @Test func aFullDiskAtOpenIsCalledAFullDisk() async throws {
        let mount = try ReadOnlyMount(size: "1m")
        defer { mount.unmount() }
        // Fill the disk to its last byte.
        let fillerPath = mount.url.appendingPathComponent("filler").path
        #expect(FileManager.default.createFile(atPath: fillerPath, contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: fillerPath))
        let chunk = Data(count: 64 * 1024)
        while (try? filler.write(contentsOf: chunk)) != nil {}
        try? filler.close()

        let error = await #expect(throws: LibraryError.self) {
            try await PhotoLibrary.open(at: mount.url.appendingPathComponent("library"))
        }
        guard case .diskFull = error else { Issue.record("expected .diskFull, got \(String(describing: error))"); return }
        #expect(error?.message.contains("is full") == true)
    }
}

/// A private, small tmpfs that a test can fill or turn read-only.
struct ReadOnlyMount {
    let url: URL

    static var isPossible: Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        guard let probe = try? ReadOnlyMount() else { return false }
        probe.unmount()
        return true
    }

    init(size: String = "16m") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("drover-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path)
    }

    func makeReadOnly() throws {
        try Self.run("/bin/mount", "-o", "remount,ro", url.path)
    }

    func unmount() {
        try? Self.run("/bin/umount", url.path)
        try? FileManager.default.removeItem(at: url)
    }

    static func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestError("\(arguments.joined(separator: " ")) failed") }
    }
}
