import Testing
@testable import DragKit

/// A reload drops the map from ids to entries and the first lookup makes it again
/// (a reload of 100,000 items spent half its time filling it): changes made before that
/// lookup, and after it, must leave every id findable where it is.
@MainActor @Suite struct PlaceholderIDLookupTests {
    @Test func idsAreFoundAfterAReloadAndTheChangesBeforeAndAfterTheFirstLookup() {
        let collection = PlaceholderCollection(["a", "b", "c"], id: { $0 })
        #expect(collection.index(ofItemWithID: "b") == 1)
        collection.reload(["x", "y", "z"])
        // Changes before the first lookup: the map is made after them.
        collection.insert("w", at: 0)                        // w x y z
        collection.remove(at: 2)                             // w x z
        let placeholder = collection.insertPlaceholder(at: 1)  // w # x z
        #expect(collection.index(ofItemWithID: "b") == nil)
        #expect(collection.index(ofItemWithID: "y") == nil)
        #expect(collection.index(ofItemWithID: "z") == 3)
        // Changes after it: the map follows them.
        collection.replace(at: 0, with: "v")                 // v # x z
        placeholder.commit("p")                              // v p x z
        collection.move(from: 3, to: 0)                      // z v p x
        #expect(collection.index(ofItemWithID: "w") == nil)
        #expect(["z", "v", "p", "x"].map { collection.index(ofItemWithID: $0) } == [0, 1, 2, 3])
    }
}
