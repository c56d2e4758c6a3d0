import ChangeKit
import Foundation
import Testing
@testable import DragKit

@MainActor @Suite struct PlaceholderDropTests {
    func decode(_ loaded: LoadedItem) -> String { String(decoding: loaded.data, as: UTF8.self) }

    @Test func threeSlowImagesCommitWhereTheirPlaceholdersAreNow() async throws {
        let collection = PlaceholderCollection(["a", "b", "c", "d", "e"])
        var changes: [ChangeStep<PlaceholderCollection<String>.Entry>] = []
        let observation = collection.observeChanges { changes += $0 }
        defer { observation.cancel() }
        let gates = [LoadGate(), LoadGate(), LoadGate()]
        let drop = DropSession(external: [
            slowImage(named: "one", gate: gates[0]),
            slowImage(named: "two", gate: gates[1]),
            slowImage(named: "three", gate: gates[2]),
        ], offering: [.copy, .move])

        #expect(drop.update(target: .grid(insertionIndex: 2)) == DropProposal(operation: .copy, intent: .insertAt(2)))
        guard case .insertCopies(let items, let index) = try drop.performDrop() else {
            Issue.record("expected copies"); return
        }
        let load = drop.loadItems(items, into: collection, at: index) { String(decoding: $0.data, as: UTF8.self) }
        #expect(collection.snapshot == ["a", "b", "#0", "#1", "#2", "c", "d", "e"])
        #expect(load.placeholders.map(\.index) == [2, 3, 4])

        // The user carries on while the images load.
        collection.move(from: 7, to: 0)          // e a b #0 #1 #2 c d
        collection.remove(at: 1)                 // e b #0 #1 #2 c d
        collection.move(from: 5, to: 3)          // e b #0 c #1 #2 d
        collection.insert("x", at: 0)            // x e b #0 c #1 #2 d
        #expect(load.placeholders.map(\.index) == [3, 5, 6])

        changes = []
        await gates[2].open()
        await load.placeholders[2].waitForLoad()
        #expect(collection.snapshot == ["x", "e", "b", "#0", "c", "#1", "three", "d"])
        await gates[0].open()
        await load.placeholders[0].waitForLoad()
        await gates[1].open()
        await load.wait()
        #expect(collection.snapshot == ["x", "e", "b", "one", "c", "two", "three", "d"])
        #expect(changes == [.update(.item("three"), at: 6), .update(.item("one"), at: 3), .update(.item("two"), at: 5)])
        #expect(load.isFinished)
        #expect(load.overallProgress == 1)
        #expect(!collection.hasPlaceholders)
        drop.end()
    }

    @Test func aCancelledLoadLeavesNothingAndSparesTheOthers() async {
        let collection = PlaceholderCollection(["a", "b"])
        let gates = [LoadGate(), LoadGate()]
        let drop = DropSession(external: [slowImage(named: "kept", gate: gates[0]),
                                          slowImage(named: "dropped", gate: gates[1])])
        let load = drop.loadItems(drop.items, into: collection, at: 1) { String(decoding: $0.data, as: UTF8.self) }
        #expect(collection.snapshot == ["a", "#0", "#1", "b"])

        load.placeholders[1].cancel()
        #expect(load.placeholders[1].state == .cancelled)
        await load.placeholders[1].waitForLoad()
        #expect(collection.snapshot == ["a", "#0", "b"])
        #expect(load.placeholders[0].state == .loading)

        await gates[1].open()  // the data arrives anyway: too late, and ignored
        await gates[0].open()
        await load.wait()
        #expect(collection.snapshot == ["a", "kept", "b"])
    }

    @Test func cancellingTheWholeDropRestoresTheCollection() async {
        let collection = PlaceholderCollection(["a", "b", "c"])
        let gate = LoadGate()
        let drop = DropSession(external: (1...3).map { slowImage(named: "\($0)", gate: gate) })
        let load = drop.loadItems(drop.items, into: collection, at: 3) { String(decoding: $0.data, as: UTF8.self) }
        #expect(collection.count == 6)
        load.cancel()
        await load.wait()
        #expect(collection.snapshot == ["a", "b", "c"])
        #expect(load.isFinished)
    }

    @Test func aFailedLoadStaysVisibleUntilDeleted() async {
        let collection = PlaceholderCollection(["a"])
        let gate = LoadGate()
        let drop = DropSession(external: [slowImage(named: "lost", gate: gate)])
        let load = drop.loadItems(drop.items, into: collection, at: 0) { String(decoding: $0.data, as: UTF8.self) }
        await gate.fail(LoadFailure())
        await load.wait()
        let placeholder = load.placeholders[0]
        #expect(placeholder.state == .failed("the server went away"))
        #expect(collection.snapshot == ["#0", "a"])
        #expect(placeholder.commit("late") == nil)  // a failed load cannot sneak in
        placeholder.delete()
        #expect(collection.snapshot == ["a"])
        #expect(placeholder.isResolved)
    }

    @Test func elementsAreMadeFromTheBestRepresentation() async {
        var provider = ItemProvider(suggestedName: "both.png", preferredPresentationSize: Size(width: 3, height: 2))
        provider.register(.uriList) { _ in Data("file:///tmp/both.png".utf8) }
        provider.register(.png) { _ in Data("png".utf8) }
        let collection = PlaceholderCollection<String>([])
        let drop = DropSession(external: [DragItem(provider: provider)])
        let load = drop.loadItems(drop.items, into: collection, at: 0) { loaded in
            "\(loaded.type) \(loaded.suggestedName ?? "") \(loaded.preferredPresentationSize?.width ?? 0)"
        }
        await load.wait()
        // The rules prefer image data to a file list, whatever order the source offered.
        #expect(collection.snapshot == ["image/png both.png 3.0"])
    }
}

@MainActor @Suite struct PlaceholderCollectionTests {
    @Test func progressOnlyGrowsAndIsReported() {
        let collection = PlaceholderCollection(["a"])
        var reports: [Double] = []
        let observation = collection.observePlaceholders { reports.append($0.progress) }
        defer { observation.cancel() }
        let placeholder = collection.insertPlaceholder(at: 1)
        placeholder.updateProgress(0.4)
        placeholder.updateProgress(0.2)   // late report from another thread
        placeholder.updateProgress(3)
        #expect(placeholder.progress == 1)
        #expect(reports == [0.4, 1])
    }

    @Test func overallProgressIsTheMeanAndCountsResolvedItemsAsDone() {
        let collection = PlaceholderCollection<String>([])
        let load = DropLoad(placeholders: [collection.insertPlaceholder(at: 0), collection.insertPlaceholder(at: 1)])
        load.placeholders[0].updateProgress(0.5)
        #expect(load.overallProgress == 0.25)
        load.placeholders[1].commit("done")
        #expect(load.overallProgress == 0.75)
    }

    @Test func aCommitOrDeleteHappensOnce() {
        let collection = PlaceholderCollection(["a"])
        let placeholder = collection.insertPlaceholder(at: 0)
        #expect(placeholder.commit("b") == 0)
        #expect(placeholder.commit("c") == nil)
        placeholder.delete()
        #expect(collection.snapshot == ["b", "a"])
        #expect(placeholder.index == nil)
    }

    @Test func aReloadKeepsLivePlaceholders() {
        let collection = PlaceholderCollection(["a", "b", "c", "d"])
        var changes: [ChangeStep<PlaceholderCollection<String>.Entry>] = []
        let observation = collection.observeChanges { changes += $0 }
        defer { observation.cancel() }
        var reloads = 0
        let reloadObservation = collection.observeReloads { reloads += 1 }
        defer { reloadObservation.cancel() }
        let early = collection.insertPlaceholder(at: 1)
        let late = collection.insertPlaceholder(at: 5)
        collection.reload(["z", "y"])
        #expect(collection.snapshot == ["z", "#0", "y", "#1"])
        #expect(early.index == 1)
        #expect(late.index == 3)
        #expect(reloads == 1)
        #expect(changes == [.insert(.placeholder(early.id), at: 1), .insert(.placeholder(late.id), at: 5)])
        #expect(late.commit("new") == 3)
        #expect(collection.items == ["z", "y", "new"])
    }

    @Test func itemIndicesSkipPlaceholders() {
        let collection = PlaceholderCollection(["a", "b", "c"])
        _ = collection.insertPlaceholder(at: 1)
        _ = collection.insertPlaceholder(at: 2)
        #expect(collection.itemIndex(forEntryAt: 0) == 0)
        #expect(collection.itemIndex(forEntryAt: 3) == 1)
        #expect(collection.itemIndex(forEntryAt: 5) == 3)
    }

    @Test func placeholdersCanBeMovedAndStillCommitInPlace() {
        let collection = PlaceholderCollection(["a", "b", "c"])
        let placeholder = collection.insertPlaceholder(at: 0)
        collection.move(from: 0, to: 3)
        #expect(placeholder.index == 3)
        placeholder.commit("p")
        #expect(collection.snapshot == ["a", "b", "c", "p"])
    }
}

@MainActor @Suite struct PlaceholderReplaceTests {
    @Test func replacingAnItemUpdatesItInPlaceAndSparesPlaceholders() {
        let collection = PlaceholderCollection(["a", "b", "c"])
        let placeholder = collection.insertPlaceholder(at: 1)
        var changes: [ChangeStep<PlaceholderCollection<String>.Entry>] = []
        let observation = collection.observeChanges { changes += $0 }
        defer { observation.cancel() }

        collection.replace(at: 2, with: "B")

        #expect(collection.items == ["a", "B", "c"])
        #expect(changes == [.update(.item("B"), at: 2)])
        #expect(placeholder.index == 1)
    }
}
