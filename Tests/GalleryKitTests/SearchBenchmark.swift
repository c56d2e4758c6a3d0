import Foundation
import Testing
@testable import GalleryKit

/// The time search takes per keystroke on a large library, as the grid runs it
/// (`ArrangedCollection`: the index's match mask over the items, then one pass over the kept
/// date-sorted positions). Runs only
/// from `benchmarks/search-scale.sh` (it sets DROVER_BENCHMARK_LIBRARY); it prints figures
/// and asserts nothing about time. A debug build: the release app is faster still.
@Suite struct SearchBenchmark {
    static let library = ProcessInfo.processInfo.environment["DROVER_BENCHMARK_LIBRARY"]
    static let queries = (ProcessInfo.processInfo.environment["DROVER_BENCHMARK_QUERIES"] ?? "sausalito,photo 123")
        .split(separator: ",").map(String.init)

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    @Test(.enabled(if: library != nil, "run by benchmarks/search-scale.sh"))
    func perKeystroke() async throws {
        let library = try await PhotoLibrary.open(at: URL(fileURLWithPath: try #require(Self.library)))
        let items = try await library.items(in: .allPhotos)
        var start = DispatchTime.now().uptimeNanoseconds
        let texts = try await library.qrTextsByPhoto()
        let index = SearchIndex(items: items, qrTexts: texts)
        print("search-index \(items.count) items, built in \(String(format: "%.1f", Self.milliseconds(since: start))) ms (QR texts read and indexed once per search)")
        // What a sorted grid does when a sort is chosen, or after a change of many steps (it follows smaller ones).
        for sort in [GallerySort.title, .dateNewestFirst] {
            start = DispatchTime.now().uptimeNanoseconds
            _ = sort.positions(of: items)
            print("search-sort \(sort.rawValue) \(items.count) items in \(String(format: "%.1f", Self.milliseconds(since: start))) ms")
        }
        let sorted = GallerySort.dateNewestFirst.positions(of: items)
        for query in Self.queries {
            for length in 1...query.count {
                let typed = String(query.prefix(length))
                // The best of 5: the machine is shared, and a keystroke is one run.
                var best = Double.infinity
                var found = 0
                for _ in 0..<5 {
                    start = DispatchTime.now().uptimeNanoseconds
                    // As ArrangedCollection runs it: the sort is kept, the mask is per keystroke.
                    let shown = CollectionView.items(from: items, sorted: sorted, mask: index.matchMask(typed))
                    best = min(best, Self.milliseconds(since: start))
                    found = shown.count
                }
                print("search-keystroke \(typed.replacingOccurrences(of: " ", with: "_")) \(String(format: "%.2f", best)) ms \(found) found")
            }
        }
    }
}
