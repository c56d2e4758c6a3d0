import ChangeKit
import DragKit
import XCTest
@testable import Drover
@testable import GalleryKit

/// The sorted and searched view of a collection, kept in step with the library's changes,
/// never changing the user's own order.
final class ArrangedCollectionTests: XCTestCase {
    @MainActor private func make() -> ArrangedCollection {
        let arrangement = ArrangedCollection()
        arrangement.replaceItems([TestItems.photo(1, title: "Harbour", day: 3), TestItems.photo(2, title: "apple", day: 1),
                                  TestItems.photo(3, title: "Bridge", day: 2)])
        return arrangement
    }

    @MainActor func testTheOwnOrderIsShownAsItIs() async {
        let arrangement = make()
        XCTAssertTrue(arrangement.isOwnOrder)
        XCTAssertEqual(arrangement.gridOrder, .own)
        XCTAssertEqual(arrangement.shownItems.map(\.title), ["Harbour", "apple", "Bridge"])
        // With no sort, a change is not followed: the caller applies it to its own order.
        XCTAssertNil(arrangement.apply([.remove(at: 0)]))
        XCTAssertEqual(arrangement.ownItems.map(\.title), ["apple", "Bridge"])
    }

    @MainActor func testASortedViewFollowsTheLibrarysChangesAsItsOwnSteps() async {
        let arrangement = make()
        arrangement.setSort(.title)
        XCTAssertFalse(arrangement.isOwnOrder)
        XCTAssertEqual(arrangement.gridOrder, .arranged)
        XCTAssertEqual(arrangement.shownItems.map(\.title), ["apple", "Bridge", "Harbour"])
        let before = arrangement.shownItems
        // "Castle" joins the end of the own order, and the middle of the sorted view.
        let steps = arrangement.apply([.insert(TestItems.photo(4, title: "Castle"), at: 3)])
        XCTAssertNotNil(steps)
        var followed = before
        followed.apply(steps ?? [])
        XCTAssertEqual(followed.map(\.title), ["apple", "Bridge", "Castle", "Harbour"])
        XCTAssertEqual(arrangement.shownItems.map(\.title), followed.map(\.title))
        XCTAssertEqual(arrangement.ownItems.map(\.title), ["Harbour", "apple", "Bridge", "Castle"])
    }

    @MainActor func testASearchShowsTheMatchesAndIsNotFollowedStepByStep() async {
        let arrangement = make()
        arrangement.setQuery("br")
        XCTAssertEqual(arrangement.gridOrder, .arranged)
        XCTAssertEqual(arrangement.shownItems.map(\.title), ["Bridge"])
        XCTAssertNil(arrangement.apply([.insert(TestItems.photo(4, title: "Brook"), at: 0)]))
        XCTAssertEqual(arrangement.shownItems.map(\.title), ["Brook", "Bridge"])
        arrangement.setQuery(nil)
        XCTAssertTrue(arrangement.isOwnOrder)
        XCTAssertEqual(arrangement.shownItems.count, 4)
    }

    @MainActor func testOnlyTheLatestIndexBuildIsAdoptedWithTheChangesMadeSince() async {
        let arrangement = make()
        let stale = arrangement.beginIndexBuild()
        let latest = arrangement.beginIndexBuild()
        XCTAssertEqual(latest.items.count, 3)
        _ = arrangement.apply([.insert(TestItems.photo(4, title: "Quay"), at: 0)])
        arrangement.adopt(SearchIndex(items: stale.items, qrTexts: [:]), build: stale.build,
                          qrTexts: [PhotoID(rawValue: 1): ["stale"]])
        XCTAssertTrue(arrangement.qrTexts.isEmpty)
        arrangement.adopt(SearchIndex(items: latest.items, qrTexts: [:]), build: latest.build,
                          qrTexts: [PhotoID(rawValue: 1): ["menu"]])
        XCTAssertEqual(arrangement.qrTexts[PhotoID(rawValue: 1)], ["menu"])
        // The adopted index knows the photo added while it was built.
        arrangement.setQuery("quay")
        XCTAssertEqual(arrangement.shownItems.map(\.title), ["Quay"])
    }

    @MainActor func testTheViewIsNamedForTheDragHint() async {
        let arrangement = make()
        arrangement.setQuery("x")
        XCTAssertEqual(arrangement.viewName, "Search results")
        arrangement.setQuery(nil)
        arrangement.setSort(.title)
        XCTAssertEqual(arrangement.viewName, GallerySort.title.shortDescription)
    }
}
