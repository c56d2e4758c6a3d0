import Foundation
import Testing
@testable import DragKit

/// Files made only when a target asks (`MadeOnceFile`), as a drag's photos leave Drover: one
/// make however many ask, listed once made, and a failed one left out of the list.
struct MadeOnceFileTests {
    /// Counts the makes, under a lock: asks come from several tasks.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
        var count: Int { lock.withLock { value } }
    }

    struct Refused: Error {}

    private func photo(_ file: MadeOnceFile) -> ItemProvider {
        var provider = ItemProvider()
        provider.registerFile(.jpeg, madeOnce: file)
        return provider
    }

    @Test func manyAsksMakeTheFileOnce() async throws {
        let makes = Counter()
        let file = MadeOnceFile {
            try await Task.sleep(for: .milliseconds(20))
            return URL(fileURLWithPath: "/cache/leaving/\(makes.next()).jpg")
        }
        #expect(file.made == nil)
        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<8 { group.addTask { try await file.make() } }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        #expect(Set(urls) == [URL(fileURLWithPath: "/cache/leaving/1.jpg")])
        #expect(makes.count == 1)
        #expect(file.made == URL(fileURLWithPath: "/cache/leaving/1.jpg"))
    }

    @Test func filesAreListedOnlyOnceMadeAndAFailedOneIsLeftOut() async throws {
        let made = MadeOnceFile { URL(fileURLWithPath: "/cache/leaving/a.jpg") }
        let refused = MadeOnceFile { throw Refused() }
        let content = CombinedContent([photo(made), photo(refused)], route: .copy)
        #expect(content.hasFiles)
        #expect(content.files.isEmpty, "nothing is made before a target asks")
        #expect(content.types == [.jpeg, .gnomeCopiedFiles])
        // The file managers' list makes the files first; the one that failed is not in it.
        #expect(try await content.load(.gnomeCopiedFiles) == Data("copy\nfile:///cache/leaving/a.jpg".utf8))
        #expect(content.files == [URL(fileURLWithPath: "/cache/leaving/a.jpg")])
        #expect(await content.makeFiles() == 1)
    }
}
