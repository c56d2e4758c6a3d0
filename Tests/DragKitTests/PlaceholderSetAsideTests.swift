import Testing
@testable import DragKit

/// A collection that shows another view sets aside the placeholders of the old one: they
/// leave the entries, keep loading, and end without ever touching the new view.
@MainActor @Suite struct PlaceholderSetAsideTests {
    @Test func placeholdersOfAnotherViewLeaveTheEntriesAndKeepTheirLoad() {
        let collection = PlaceholderCollection(["a", "b"])
        var heard: [PlaceholderID] = []
        let observation = collection.observePlaceholders { if $0.isResolved { heard.append($0.id) } }
        defer { observation.cancel() }
        let mine = collection.insertPlaceholder(at: 1)
        let theirs = collection.insertPlaceholder(at: 0)
        #expect(collection.snapshot == ["#1", "a", "#0", "b"])

        // Each placeholder kept stays at its index (2).
        collection.reload(["x", "y", "z"]) { $0 === mine }

        #expect(collection.snapshot == ["x", "y", "#0", "z"])
        #expect(collection.placeholders.map(\.id) == [mine.id])
        #expect(theirs.isSetAside && !theirs.isResolved && theirs.state == .loading)
        #expect(theirs.index == nil)
        // It cannot land in the new view...
        #expect(theirs.commit("late") == nil)
        #expect(collection.snapshot == ["x", "y", "#0", "z"])
        // ...but it still reports how its load ends, and deleting it changes nothing here.
        theirs.fail("Not an image")
        #expect(theirs.state == .failed("Not an image"))
        theirs.delete()
        #expect(theirs.isResolved)
        #expect(heard == [theirs.id])  // so an app's bookkeeping of it can end too
        #expect(collection.snapshot == ["x", "y", "#0", "z"])
        // The bookkeeping of the placeholders still in the entries is intact.
        #expect(collection.itemIndex(forEntryAt: 3) == 2)
        #expect(mine.commit("m") == 2)
        #expect(collection.snapshot == ["x", "y", "m", "z"])
        #expect(!collection.hasPlaceholders)
    }
}
