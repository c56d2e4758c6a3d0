import ChangeKit
import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// A sorted view that follows the collection's changes (`SortedPositions`) against sorting
/// the changed collection again: the same order, and steps that turn the old view into it.
@Suite struct SortedPositionsTests {
    /// Random collections (few distinct dates and titles, so ties are many) and random
    /// batches of inserts, removals, updates (a new date or title, or none) and moves, in
    /// every sort.
    @Test func followingAChangeGivesTheOrderOfSortingAgainAndStepsThatReachIt() {
        var random = SplitMix(seed: 25)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var nextID: Int64 = 0
        func newItem() -> GalleryItem {
            nextID += 1
            return SortAndSearchTests.item(nextID, ["apple", "Bridge", "harbour", "Apple"][below(4)], day: Double(below(3)))
        }
        func changed(_ item: GalleryItem) -> GalleryItem {
            let title = below(2) == 0 ? item.title : ["apple", "Bridge", "harbour", "Apple"][below(4)]
            return SortAndSearchTests.item(item.id.photoRawValue, title, day: Double(below(3)))
        }
        for sort in GallerySort.allCases {
            for _ in 0..<400 {
                var items = (0..<below(7)).map { _ in newItem() }
                var view = SortedPositions(sort: sort, items: items)
                var shown = view.positions.map { items[$0] }
                var steps: [ChangeStep<GalleryItem>] = []
                var changing = items
                for _ in 0..<below(5) + 1 {
                    let step: ChangeStep<GalleryItem>
                    switch (below(4), changing.isEmpty) {
                    case (0, _), (_, true): step = .insert(newItem(), at: below(changing.count + 1))
                    case (1, false): step = .remove(at: below(changing.count))
                    case (2, false): step = .move(from: below(changing.count), to: below(changing.count))
                    default:
                        let at = below(changing.count)
                        step = .update(changed(changing[at]), at: at)
                    }
                    steps.append(step)
                    changing.apply([step])
                }
                let shownSteps = view.follow(steps, applyingTo: &items)
                #expect(items.map(\.id) == changing.map(\.id))
                #expect(view.positions == sort.positions(of: items), "\(sort) after \(steps)")
                shown.apply(shownSteps)
                #expect(shown.map(\.id) == sort.ordered(items).map(\.id), "\(sort): the view's steps")
                #expect(shown.map(\.title) == sort.ordered(items).map(\.title), "\(sort): updates reach the view")
            }
        }
    }
}

private extension GalleryItem.ID {
    var photoRawValue: Int64 {
        guard case .photo(let id) = self else { preconditionFailure("a photo's item") }
        return id.rawValue
    }
}
