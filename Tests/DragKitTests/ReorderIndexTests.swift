import Testing
import PropertyBased
@testable import DragKit

/// The reorder's final index, used as given: `DropAction.reorder` counts grid entries
/// (placeholders included), and the placeholder collection turns its final index into the
/// index the library's move wants (among its items, without the moved ones).
@MainActor @Suite struct ReorderIndexTests {
    /// The library's move (as GalleryKit's `OrderedEdit.move(_:to:)` does it): the others keep
    /// their order and the moved items go, together, at `destination` among the others.
    func libraryMove(_ items: [String], moving: [String], to destination: Int) -> [String] {
        var others = items.filter { !moving.contains($0) }
        others.insert(contentsOf: moving, at: min(max(destination, 0), others.count))  // it clamps
        return others
    }

    @Test func aPlaceholderBeforeTheDropPointIsNotALibraryItem() {
        // a #0 b c d: drag d to insertion index 2 (between #0 and b).
        let collection = PlaceholderCollection(["a", "b", "c", "d"])
        _ = collection.insertPlaceholder(at: 1)
        let selection = MovingSelection([4])
        let final = selection.finalIndex(forInsertionIndex: 2)
        #expect(final == 2)
        let index = collection.itemIndex(forFinalIndex: final, moving: selection)
        #expect(index == 1)
        #expect(libraryMove(collection.items, moving: ["d"], to: index) == ["a", "d", "b", "c"])
    }

    @Test func aPlaceholderBetweenTheMovedItemsAndTheDropPointCountsOnce() {
        // a b #0 c d: drag a to the end.
        let collection = PlaceholderCollection(["a", "b", "c", "d"])
        _ = collection.insertPlaceholder(at: 2)
        let selection = MovingSelection([0])
        let index = collection.itemIndex(forFinalIndex: selection.finalIndex(forInsertionIndex: 5), moving: selection)
        #expect(index == 3)
        #expect(libraryMove(collection.items, moving: ["a"], to: index) == ["b", "c", "d", "a"])
    }

    /// Over random collections with placeholders, random moved items and drop points: the
    /// library, given the converted final index, orders its items exactly as the grid shows
    /// them after the reorder.
    @Test func theLibraryEndsInTheOrderTheGridShows() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...10), Gen.int(in: 0...1023), Gen.int(in: 0...1023),
                            Gen.int(in: 0...30)) { itemCount, placeholderMask, movingMask, rawInsertion in
            let items = (0..<itemCount).map { "i\($0)" }
            let collection = PlaceholderCollection(items)
            // Placeholders before some items (the mask picks which).
            for position in (0..<itemCount).reversed() where placeholderMask & (1 << position) != 0 {
                _ = collection.insertPlaceholder(at: position)
            }
            if placeholderMask & 1024 == 0, placeholderMask % 3 == 0 { _ = collection.insertPlaceholder(at: collection.count) }
            let snapshot = collection.snapshot
            let itemPositions = snapshot.indices.filter { !snapshot[$0].hasPrefix("#") }
            let moved = itemPositions.enumerated().filter { movingMask & (1 << $0.offset) != 0 }.map(\.element)
            guard !moved.isEmpty else { return }
            let selection = MovingSelection(moved)
            let insertion = rawInsertion % (collection.count + 1)

            let shown = selection.applied(to: snapshot, insertionIndex: insertion).filter { !$0.hasPrefix("#") }
            let final = selection.finalIndex(forInsertionIndex: insertion)
            let index = collection.itemIndex(forFinalIndex: final, moving: selection)
            #expect(libraryMove(collection.items, moving: moved.map { snapshot[$0] }, to: index) == shown)
            // The index the old code computed from the insertion index agrees.
            #expect(index == collection.itemIndex(forEntryAt: insertion) - selection.countBefore(insertion))
        }
    }
}
