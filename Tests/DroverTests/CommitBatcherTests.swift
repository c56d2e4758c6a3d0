import ChangeKit
import DragKit
import Foundation
import XCTest
@testable import Drover
@testable import GalleryKit

/// Prepared photos go into the library where their placeholders are, as many per batch as
/// are ready and side by side, one batch at a time.
final class CommitBatcherTests: XCTestCase {
    /// A prepared photo: the item the library will insert for it.
    private struct Prepared: Identifiable, Sendable {
        let id = CommitID()
        let item: GalleryItem
    }

    /// A library that takes batches and, like the real one, tells the model of each batch
    /// later, from its observer (here: the next turn of the main actor).
    @MainActor private final class Library {
        let model: CollectionModel
        var items: [GalleryItem]
        var batches: [(titles: [String], destination: ImportDestination)] = []
        var discarded: [String] = []
        /// Batches of more than one photo fail (one bad photo in them).
        var failsBatchesOfMany = false
        var fails: Set<String> = []
        /// Whether the model shows the collection batches go to (the controller passes on
        /// only the shown collection's changes).
        var shown = true

        init(model: CollectionModel, items: [GalleryItem]) {
            self.model = model
            self.items = items
        }

        func commit(_ prepared: [Prepared], into destination: ImportDestination) async throws {
            struct Refused: Error {}
            if failsBatchesOfMany, prepared.count > 1 { throw Refused() }
            if prepared.contains(where: { fails.contains($0.item.title) }) { throw Refused() }
            batches.append((prepared.map(\.item.title), destination))
            guard case .allPhotos(let at) = destination else { return }
            let index = at ?? items.count
            items.insert(contentsOf: prepared.map(\.item), at: index)
            let steps = prepared.enumerated().map { ChangeStep.insert($0.element.item, at: index + $0.offset) }
            let commits = Dictionary(uniqueKeysWithValues: prepared.map { ($0.item.id, $0.id) })
            if shown { Task { @MainActor in self.model.apply(steps, commits: commits) } }
        }

        func discard(_ prepared: Prepared) async { discarded.append(prepared.item.title) }
    }

    @MainActor private func make(_ items: [GalleryItem] = TestItems.photos(1...3))
        -> (CollectionModel, Library, CommitBatcher<Prepared>) {
        let model = CollectionModel()
        model.load(items, scope: .allPhotos)
        let library = Library(model: model, items: items)
        let batcher = CommitBatcher<Prepared>(model: model, commit: { try await library.commit($0, into: $1) },
                                              discard: { await library.discard($0) })
        return (model, library, batcher)
    }

    /// Commits one prepared photo per context, all ready at once; returns each one's outcome.
    @MainActor private func commitAll(_ batcher: CommitBatcher<Prepared>,
                                      _ pairs: [(Prepared, PlaceholderContext<GalleryItem>)]) async -> [String] {
        let tasks = pairs.map { prepared, context in
            Task { () -> String in
                do {
                    try await batcher.commit(prepared, for: context)
                    return "committed"
                } catch is CancellationError {
                    return "cancelled"
                } catch {
                    return "failed"
                }
            }
        }
        var outcomes: [String] = []
        for task in tasks { outcomes.append(await task.value) }
        return outcomes
    }

    @MainActor func testPlaceholdersSideBySideGoInOneBatchInTheirOrder() async {
        let (model, library, batcher) = make()
        let contexts = model.insertPlaceholders(titles: ["a", "b", "c"], at: 1, detail: nil) { _ in }
        let prepared = ["a", "b", "c"].enumerated().map { Prepared(item: TestItems.photo(Int64(10 + $0.offset), title: $0.element)) }
        let outcomes = await commitAll(batcher, Array(zip(prepared, contexts)))
        XCTAssertEqual(outcomes, ["committed", "committed", "committed"])
        XCTAssertEqual(library.batches.map(\.titles), [["a", "b", "c"]])
        XCTAssertEqual(library.batches.first?.destination, .allPhotos(at: 1))
        XCTAssertEqual(model.tiles.map(\.title), ["p1", "a", "b", "c", "p2", "p3"])
        XCTAssertTrue(contexts.allSatisfy(\.isResolved))
    }

    @MainActor func testPlaceholdersWithAnItemBetweenGoInSeparateBatchesEachCountingTheOneBefore() async {
        let (model, library, batcher) = make()
        let first = model.insertPlaceholder(at: 1, title: "a") {}
        let second = model.insertPlaceholder(at: 3, title: "b") {}  // after p2
        let outcomes = await commitAll(batcher, [(Prepared(item: TestItems.photo(10, title: "a")), first),
                                                 (Prepared(item: TestItems.photo(11, title: "b")), second)])
        XCTAssertEqual(outcomes, ["committed", "committed"])
        XCTAssertEqual(library.batches.map(\.titles), [["a"], ["b"]])
        // The second batch's index counts the photo the first put in.
        XCTAssertEqual(library.batches.map(\.destination), [.allPhotos(at: 1), .allPhotos(at: 3)])
        XCTAssertEqual(model.tiles.map(\.title), ["p1", "a", "p2", "b", "p3"])
    }

    @MainActor func testADismissedPlaceholdersPhotoIsDiscarded() async {
        let (model, library, batcher) = make()
        let context = model.insertPlaceholder(at: 0, title: "a") {}
        context.delete()
        let outcomes = await commitAll(batcher, [(Prepared(item: TestItems.photo(10, title: "a")), context)])
        XCTAssertEqual(outcomes, ["cancelled"])
        XCTAssertEqual(library.discarded, ["a"])
        XCTAssertTrue(library.batches.isEmpty)
    }

    @MainActor func testAFailedBatchIsTriedPhotoByPhotoSoOneBadPhotoFailsAlone() async {
        let (model, library, batcher) = make()
        library.failsBatchesOfMany = true
        library.fails = ["bad"]
        let contexts = model.insertPlaceholders(titles: ["a", "bad", "c"], at: 0, detail: nil) { _ in }
        let prepared = ["a", "bad", "c"].enumerated().map { Prepared(item: TestItems.photo(Int64(10 + $0.offset), title: $0.element)) }
        let outcomes = await commitAll(batcher, Array(zip(prepared, contexts)))
        XCTAssertEqual(outcomes, ["committed", "failed", "committed"])
        XCTAssertEqual(library.batches.map(\.titles), [["a"], ["c"]])
        XCTAssertFalse(contexts[1].isResolved)  // left for the importer to fail, saying why
        XCTAssertEqual(model.tiles.map(\.title), ["a", "bad", "c", "p1", "p2", "p3"])
    }

    @MainActor func testAPhotoWhoseCollectionIsNoLongerShownGoesToItsEnd() async {
        let (model, library, batcher) = make()
        let context = model.insertPlaceholder(at: 1, title: "a") {}
        model.load(TestItems.photos(5...6), scope: .album(AlbumID(rawValue: 3)))
        library.shown = false
        XCTAssertTrue(context.isSetAside)
        let outcomes = await commitAll(batcher, [(Prepared(item: TestItems.photo(10, title: "a")), context)])
        XCTAssertEqual(outcomes, ["committed"])
        XCTAssertEqual(library.batches.map(\.destination), [.allPhotos(at: nil)])
        XCTAssertTrue(context.isResolved)
    }
}
