// Helpers shared by the test targets (swift-nio's NIOTestUtils pattern): a module of its
// own, so that the test targets (ImageFormatsTests, GalleryKitTests) share one copy.
import Foundation

/// A temporary folder, removed when the test is done with it.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("drover-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Undo chmods some tests make, so the folder can go.
        _ = try? FileManager.default.subpathsOfDirectory(atPath: url.path).forEach {
            chmod(url.appendingPathComponent($0).path, 0o755)
        }
        try? FileManager.default.removeItem(at: url)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A shell script named `name` here, runnable, whose body is `body`: a stand-in for a
    /// decode child (`FaultInjection.decoderExecutable`, `DecoderProcess(childProgram:)`).
    /// Returns its path.
    public func script(named name: String, _ body: String) throws -> String {
        let url = file(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        guard chmod(url.path, 0o755) == 0 else { throw TestError("cannot make \(name) runnable") }
        return url.path
    }
}
