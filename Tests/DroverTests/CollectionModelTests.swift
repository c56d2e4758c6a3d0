import ChangeKit
import DragKit
import Foundation
import XCTest
@testable import Drover
@testable import GalleryKit

/// The grid's model of one collection: the library's items plus the placeholders of drops
/// still loading, and how each library batch reaches the grid.
final class CollectionModelTests: XCTestCase {
    /// A model showing p1…p4 in All Photos, and what it told the grid.
    @MainActor private final class Shown {
        let model = CollectionModel()
        var changes: [[ChangeStep<TileModel>]] = []
        var reloads: [[TileModel]] = []
        var failuresElsewhere: [String] = []

        init(_ items: [GalleryItem] = TestItems.photos(1...4), scope: CollectionScope = .allPhotos) {
            model.onChange = { [unowned self] in changes.append($0) }
            model.reloadHandler = { [unowned self] in reloads.append($0) }
            model.onFailureElsewhere = { [unowned self] title, message in failuresElsewhere.append("\(title): \(message)") }
            model.load(items, scope: scope)
        }

        var tileIDs: [String] { model.tiles.map(\.id) }
    }

    private static let album = CollectionScope.album(AlbumID(rawValue: 7))

    @MainActor func testALoadIsOneReloadOfEveryTile() async {
        let shown = Shown()
        XCTAssertEqual(shown.model.count, 4)
        XCTAssertEqual(shown.reloads.map { $0.map(\.title) }, [["p1", "p2", "p3", "p4"]])
        XCTAssertTrue(shown.changes.isEmpty)
        XCTAssertEqual(shown.model.index(of: .photo(PhotoID(rawValue: 3))), 2)
    }

    @MainActor func testAPlaceholderIsAnEntryButNotAnItem() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 2, title: "a.png") {}
        XCTAssertEqual(context.index, 2)
        XCTAssertEqual(shown.model.count, 5)
        XCTAssertEqual(shown.model.items.count, 4)
        XCTAssertEqual(shown.tileIDs[2], CollectionModel.tileID(context.id))
        XCTAssertEqual(shown.model.tile(at: 2).title, "a.png")
        // The library counts items only: entry 3 (p3, after the placeholder) is its item 2.
        XCTAssertEqual(shown.model.itemIndex(forEntryAt: 3), 2)
        XCTAssertEqual(shown.changes.last?.count, 1)
    }

    @MainActor func testTheLibrarysInsertOfAnExpectedCommitBecomesThePlaceholder() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 1, title: "new.png") {}
        // Something else lands before it meanwhile: the placeholder moves to entry 2.
        shown.model.apply([.insert(TestItems.photo(10), at: 0)])
        XCTAssertEqual(context.index, 2)
        let commit = CommitID()
        shown.model.expectCommit(of: commit, for: context)
        shown.changes = []
        let photo = TestItems.photo(11)
        // The library puts it where the placeholder is among its items (p10, p1, here).
        XCTAssertEqual(shown.model.itemIndex(forEntryAt: context.index ?? -1), 2)
        shown.model.apply([.insert(photo, at: 2)], commits: [photo.id: commit])
        // The photo took the placeholder's place: one update there, nothing inserted.
        XCTAssertEqual(shown.model.count, 6)
        XCTAssertTrue(context.isResolved)
        XCTAssertEqual(shown.model.item(at: 2)?.id, photo.id)
        guard case .update(let tile, at: 2)? = shown.changes.last?.first else {
            return XCTFail("expected an update at 2, got \(shown.changes)")
        }
        XCTAssertEqual(tile.id, photo.id.description)
        // Its commit is applied: a waiter returns at once.
        await shown.model.commitApplied(commit)
    }

    @MainActor func testAnInsertNamedByNoCommitIsAnInsert() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 1, title: "x") {}
        shown.model.apply([.insert(TestItems.photo(10), at: 1)], commits: [:])
        XCTAssertFalse(context.isResolved)
        XCTAssertEqual(shown.model.count, 6)
        XCTAssertEqual(shown.model.item(at: 2)?.title, "p10")
    }

    @MainActor func testAWaitForACommitEndsWhenItIsAbandoned() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 0, title: "x") {}
        let commit = CommitID()
        shown.model.expectCommit(of: commit, for: context)
        let waiter = Task { await shown.model.commitApplied(commit) }
        await Task.yield()
        shown.model.abandonCommit(of: commit)
        await waiter.value
        XCTAssertFalse(context.isResolved)  // the placeholder stays, to fail or be tried again
    }

    @MainActor func testABatchReachesTheGridAsOneChange() async {
        let shown = Shown()
        shown.model.batch {
            _ = shown.model.insertPlaceholder(at: 0, title: "a") {}
            _ = shown.model.insertPlaceholder(at: 0, title: "b") {}
            shown.model.apply([.remove(at: 3)])  // p4: the library counts no placeholders
        }
        XCTAssertEqual(shown.changes.count, 1)
        // Each placeholder: its insert, then its title; then the remove.
        XCTAssertEqual(shown.changes[0].count, 5)
        XCTAssertEqual(shown.model.tiles.map(\.title), ["b", "a", "p1", "p2", "p3"])
    }

    @MainActor func testPlaceholdersOfAnotherCollectionAreSetAsideAndTheirFailuresTold() async {
        let shown = Shown()
        let here = shown.model.insertPlaceholder(at: 1, title: "kept.png") {}
        shown.model.load(TestItems.photos(5...6), scope: Self.album)
        XCTAssertNil(here.index)
        XCTAssertTrue(here.isSetAside)
        XCTAssertEqual(shown.model.count, 2)
        XCTAssertEqual(shown.model.scope(of: here), .allPhotos)
        here.fail("not an image")
        XCTAssertEqual(shown.failuresElsewhere, ["kept.png: not an image"])
        XCTAssertTrue(here.isResolved)
        // New placeholders belong to the collection shown.
        let there = shown.model.insertPlaceholder(at: 0, title: "y") {}
        XCTAssertEqual(shown.model.scope(of: there), Self.album)
    }

    @MainActor func testPlaceholdersOfTheCollectionShownAgainStay() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 1, title: "x") {}
        shown.model.load(TestItems.photos(1...3), scope: .allPhotos)
        XCTAssertEqual(context.index, 1)
        XCTAssertEqual(shown.model.count, 4)
    }

    @MainActor func testAReloadEndsTheCommitsOfTheCollectionBefore() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 1, title: "x") {}
        let commit = CommitID()
        shown.model.expectCommit(of: commit, for: context)
        shown.model.load(TestItems.photos(1...4), scope: .allPhotos)
        XCTAssertTrue(context.isResolved)
        await shown.model.commitApplied(commit)  // not waiting for a batch that never comes
    }

    @MainActor func testCancelOnALoadingPlaceholderCancelsAndRemovesIt() async {
        let shown = Shown()
        var cancelled = 0
        let context = shown.model.insertPlaceholder(at: 0, title: "x") { cancelled += 1 }
        shown.model.placeholderAction(tileID: CollectionModel.tileID(context.id))
        XCTAssertEqual(cancelled, 1)
        XCTAssertTrue(context.isResolved)
        XCTAssertEqual(shown.model.count, 4)
    }

    @MainActor func testAFailedPlaceholderShowsWhyAndOffersImportAnyway() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 0, title: "dup.png") {}
        context.fail("already in the library")
        var again = 0
        shown.model.offerImportAnyway(for: context) { again += 1 }
        guard case .placeholder(_, let failure, _, _, let canImportAnyway) = shown.model.tile(at: 0).kind else {
            return XCTFail("not a placeholder tile")
        }
        XCTAssertEqual(failure, "already in the library")
        XCTAssertTrue(canImportAnyway)
        shown.model.placeholderAction(tileID: CollectionModel.tileID(context.id), choice: .importAnyway)
        XCTAssertEqual(again, 1)
        shown.model.placeholderAction(tileID: CollectionModel.tileID(context.id))  // Dismiss
        XCTAssertTrue(context.isResolved)
    }

    @MainActor func testTitleAndDetailUpdateTheTile() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 0, title: "Dropped image") {}
        shown.changes = []
        shown.model.setTitle("cat.jpg", for: context)
        shown.model.setDetail("12 KB received", for: context)
        shown.model.setDetail("12 KB received", for: context)  // unchanged: not sent again
        XCTAssertEqual(shown.changes.count, 2)
        XCTAssertEqual(shown.model.tile(at: 0).title, "cat.jpg")
    }

    @MainActor func testAnArrangedViewPutsWhatIsAddedAtTheEndOfTheOwnOrder() async {
        let shown = Shown()
        shown.model.arrangedOwnCount = 10
        XCTAssertEqual(shown.model.itemIndex(forEntryAt: 1), 10)
        shown.model.arrangedOwnCount = nil
        XCTAssertEqual(shown.model.itemIndex(forEntryAt: 1), 1)
    }

    @MainActor func testCommitsSettledElsewhereEndTheirPlaceholders() async {
        let shown = Shown()
        let context = shown.model.insertPlaceholder(at: 0, title: "x") {}
        let commit = CommitID()
        shown.model.expectCommit(of: commit, for: context)
        shown.model.settleCommitsElsewhere([.photo(PhotoID(rawValue: 9)): commit])
        XCTAssertTrue(context.isResolved)
        await shown.model.commitApplied(commit)
    }
}
