import Foundation
import XCTest
@testable import Drover
@testable import GalleryKit

/// The viewer's decode ahead of an open: at most one decode at a time, the latest ask
/// waiting behind it, and an image handed over only for the photo and size it was made for.
final class ViewerPrefetchTests: XCTestCase {
    /// Decodes that end when the test says so, recorded in the order they were started.
    @MainActor private final class Decodes {
        private(set) var started: [(url: URL, box: Int)] = []
        private var ends: [CheckedContinuation<Void, Never>?] = []
        private var endedEarly: Set<Int> = []

        func decode(_ url: URL, box: Int) -> Task<String, Never> {
            let index = started.count
            started.append((url, box))
            ends.append(nil)
            return Task { @MainActor in
                if !self.endedEarly.contains(index) {
                    await withCheckedContinuation { self.ends[index] = $0 }
                }
                return "\(url.lastPathComponent)@\(box)"
            }
        }

        /// Ends every decode started so far: done before a test awaits a value, so a broken
        /// rule fails the test rather than leaving it waiting.
        func endAll() {
            for index in started.indices { end(index) }
        }

        /// Ends the decode started `index`th (before or after it began waiting).
        func end(_ index: Int) {
            if let end = ends[index] {
                ends[index] = nil
                end.resume()
            } else if !endedEarly.contains(index) {
                endedEarly.insert(index)
            }
        }
    }

    private let photo1 = PhotoID(rawValue: 1), photo2 = PhotoID(rawValue: 2), photo3 = PhotoID(rawValue: 3)
    private func url(_ name: String) -> URL { URL(fileURLWithPath: "/library/photos/\(name)") }

    /// Lets the main actor run the tasks that are ready.
    @MainActor private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @MainActor func testOneDecodeRunsAtATimeAndOnlyTheLatestAskWaits() async {
        let decodes = Decodes()
        let prefetch = ViewerPrefetch<String>(decode: decodes.decode)
        prefetch.prefetch(photo1, at: url("1.jpg"), box: 869)
        prefetch.prefetch(photo2, at: url("2.jpg"), box: 869)
        prefetch.prefetch(photo3, at: url("3.jpg"), box: 869)
        await settle()
        XCTAssertEqual(decodes.started.map(\.url.lastPathComponent), ["1.jpg"], "the others wait for the first to end")
        decodes.end(0)
        await settle()
        // The second was replaced by the third while it waited: only the latest is decoded.
        XCTAssertEqual(decodes.started.map(\.url.lastPathComponent), ["1.jpg", "3.jpg"])
        XCTAssertNil(prefetch.take(photo1, box: 869), "the first was let go when the third started")
        decodes.endAll()
        let third = prefetch.take(photo3, box: 869)
        let value = await third?.value
        XCTAssertEqual(value, "3.jpg@869")
        XCTAssertNil(prefetch.take(photo3, box: 869), "taken once: the viewer owns it now")
    }

    @MainActor func testAnImageIsHandedOverOnlyForItsPhotoAtItsSize() async {
        let decodes = Decodes()
        let prefetch = ViewerPrefetch<String>(decode: decodes.decode)
        prefetch.prefetch(photo1, at: url("1.jpg"), box: 869)
        // The second click of a double click asks again: nothing new is decoded.
        prefetch.prefetch(photo1, at: url("1.jpg"), box: 869)
        decodes.endAll()
        await settle()
        XCTAssertEqual(decodes.started.count, 1)
        XCTAssertNil(prefetch.take(photo2, box: 869))
        XCTAssertNil(prefetch.take(photo1, box: 1200), "the window changed size: another decode is needed")
        let value = await prefetch.take(photo1, box: 869)?.value
        XCTAssertEqual(value, "1.jpg@869")
    }

    @MainActor func testARunningDecodeIsHandedOverBeforeItEnds() async {
        let decodes = Decodes()
        let prefetch = ViewerPrefetch<String>(decode: decodes.decode)
        prefetch.prefetch(photo1, at: url("1.jpg"), box: 869)
        guard let running = prefetch.take(photo1, box: 869) else { return XCTFail("the running decode was not handed over") }
        // Another ask still waits for the decode that was handed over.
        prefetch.prefetch(photo2, at: url("2.jpg"), box: 869)
        await settle()
        XCTAssertEqual(decodes.started.count, 1)
        decodes.endAll()
        let value = await running.value
        XCTAssertEqual(value, "1.jpg@869")
        await settle()
        XCTAssertEqual(decodes.started.map(\.url.lastPathComponent), ["1.jpg", "2.jpg"])
        decodes.endAll()
    }
}
