import ChangeKit
import Testing
@testable import DragKit

/// A drop of many files: its placeholders go in as one change, and the photos that are
/// ready together are committed in runs that one library batch each can insert.
@MainActor @Suite struct PlaceholderBatchTests {
    @Test func manyPlaceholdersGoInAsOneChange() {
        let collection = PlaceholderCollection(["a", "b"])
        var changes: [[ChangeStep<PlaceholderCollection<String>.Entry>]] = []
        let observation = collection.observeChanges { changes.append($0) }
        defer { observation.cancel() }
        let contexts = collection.insertPlaceholders(count: 3, at: 1)
        #expect(collection.snapshot == ["a", "#0", "#1", "#2", "b"])
        #expect(contexts.map(\.index) == [1, 2, 3])
        #expect(changes.count == 1)
        #expect(changes.first == contexts.enumerated().map { .insert(.placeholder($1.id), at: 1 + $0) })
        #expect(collection.placeholders.map(\.id) == contexts.map(\.id))
        #expect(collection.insertPlaceholders(count: 0, at: 0).isEmpty)
        #expect(changes.count == 1)
    }

    @Test func readyPlaceholdersWithNoItemBetweenThemAreOneRun() {
        let collection = PlaceholderCollection(["a", "b"])
        let contexts = collection.insertPlaceholders(count: 4, at: 1)   // a #0 #1 #2 #3 b
        // #1 is still preparing: it sits between #0 and #2, but the library knows no
        // placeholders, so #0, #2 and #3 still go in side by side after "a".
        let runs = collection.commitRuns([contexts[3], contexts[0], contexts[2]])
        #expect(runs.count == 1)
        #expect(runs.first?.itemIndex == 1)
        #expect(runs.first?.entryIndex == 1)
        #expect(runs.first?.placeholders.map(\.id) == [contexts[0], contexts[2], contexts[3]].map(\.id))
    }

    @Test func anItemBetweenReadyPlaceholdersSplitsTheRun() {
        let collection = PlaceholderCollection(["a", "b"])
        let contexts = collection.insertPlaceholders(count: 3, at: 1)   // a #0 #1 #2 b
        collection.move(from: 4, to: 2)                                  // a #0 b #1 #2
        let runs = collection.commitRuns(contexts)
        #expect(runs.map(\.itemIndex) == [1, 2])
        #expect(runs.map(\.entryIndex) == [1, 3])
        #expect(runs.map { $0.placeholders.map(\.id) } == [[contexts[0].id], [contexts[1].id, contexts[2].id]])
    }

    @Test func resolvedAndSetAsidePlaceholdersAreLeftOut() {
        let collection = PlaceholderCollection(["a"])
        let contexts = collection.insertPlaceholders(count: 3, at: 0)
        contexts[0].delete()
        #expect(contexts[1].commit("b") == 0)
        collection.reload(["a"]) { $0.id != contexts[2].id }
        #expect(contexts[2].isSetAside)
        #expect(collection.commitRuns(contexts).isEmpty)
    }

    /// Committing each run as the library would (its items side by side at its item index,
    /// in one batch) puts every item where its placeholder was, whatever moved meanwhile.
    @Test func committingRunsOneAfterAnotherKeepsEveryItemAtItsPlaceholder() {
        let collection = PlaceholderCollection(["a", "b", "c"])
        let contexts = collection.insertPlaceholders(count: 5, at: 1)   // a #0 #1 #2 #3 #4 b c
        collection.move(from: 7, to: 3)                                  // a #0 #1 c #2 #3 #4 b
        collection.move(from: 7, to: 5)                                  // a #0 #1 c #2 b #3 #4
        var library = collection.items                                   // a c b: knows no placeholders
        let ready = [contexts[4], contexts[0], contexts[3], contexts[1]] // #2 still preparing
        while let run = collection.commitRuns(ready).first {
            let names = run.placeholders.map { "p\($0.id.rawValue)" }
            library.insert(contentsOf: names, at: run.itemIndex)
            let steps = names.enumerated().map { ChangeStep<String>.insert($1, at: run.itemIndex + $0) }
            let waiting = Dictionary(uniqueKeysWithValues: zip(names, run.placeholders))
            collection.apply(steps) { waiting[$0] }
        }
        #expect(collection.snapshot == ["a", "p0", "p1", "c", "#2", "b", "p3", "p4"])
        #expect(collection.items == library)
    }
}
