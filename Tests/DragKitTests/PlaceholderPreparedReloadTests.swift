import Testing
@testable import DragKit

/// A reload from entries prepared off the main thread must leave the collection exactly as
/// a reload of the same items does: swapped in whole when no placeholder is live, built
/// around the placeholders that stay otherwise, with every later change and lookup working.
@MainActor @Suite struct PlaceholderPreparedReloadTests {
    @Test func preparedEntriesReplaceTheItemsAndWorkAfterwards() async {
        let collection = PlaceholderCollection(["a", "b"], id: { $0 })
        var reloads = 0
        let observation = collection.observeReloads { reloads += 1 }
        defer { observation.cancel() }
        let prepared = await Task.detached { PlaceholderCollection<String>.PreparedReload(["x", "y", "z"]) }.value
        collection.reload(prepared)
        #expect(reloads == 1)
        #expect(collection.snapshot == ["x", "y", "z"])
        #expect(collection.itemCount == 3)
        #expect(collection.index(ofItemWithID: "a") == nil)
        #expect(collection.index(ofItemWithID: "z") == 2)
        collection.insert("w", at: 1)
        let placeholder = collection.insertPlaceholder(at: 0)
        #expect(collection.snapshot == ["#0", "x", "w", "y", "z"])
        #expect(placeholder.commit("p") == 0)
        #expect(collection.items == ["p", "x", "w", "y", "z"])
    }

    @Test func livePlaceholdersKeepTheirPlacesAndThoseNotKeptAreSetAside() {
        let collection = PlaceholderCollection(["a", "b", "c"])
        let kept = collection.insertPlaceholder(at: 1)
        let leaving = collection.insertPlaceholder(at: 3)
        collection.reload(PlaceholderCollection<String>.PreparedReload(["x", "y", "z", "w"])) { $0 !== leaving }
        #expect(collection.snapshot == ["x", "#0", "y", "z", "w"])
        #expect(kept.index == 1)
        #expect(leaving.isSetAside)
        #expect(leaving.index == nil)
    }
}
