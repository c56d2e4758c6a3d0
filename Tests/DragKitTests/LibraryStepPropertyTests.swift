import ChangeKit
import Testing
import PropertyBased
@testable import DragKit

/// The library's steps (item indices) interleaved with placeholder inserts, commits and
/// deletes, checked against a plain array that converts indices by walking its entries.
@MainActor @Suite struct LibraryStepPropertyTests {
    enum Reference: Equatable {
        case item(String)
        case placeholder(Int)

        var isItem: Bool { if case .item = self { true } else { false } }
    }

    /// The naive conversions the collection replaces: O(n) walks.
    struct Naive {
        var entries: [Reference]

        var items: [String] { entries.compactMap { if case .item(let value) = $0 { value } else { nil } } }
        func itemsBefore(_ index: Int) -> Int { entries[..<index].filter(\.isItem).count }
        func entryIndex(forItem itemIndex: Int) -> Int {
            var seen = 0
            for (index, entry) in entries.enumerated() where entry.isItem {
                if seen == itemIndex { return index }
                seen += 1
            }
            return entries.count
        }
        func index(of context: PlaceholderContext<String>) -> Int? {
            entries.firstIndex(of: .placeholder(context.id.rawValue))
        }
        /// Moves the entry at `source` so it ends before the item at `itemIndex` of the rest.
        mutating func moveItem(at source: Int, toItem itemIndex: Int) {
            let entry = entries.remove(at: source)
            entries.insert(entry, at: entryIndex(forItem: itemIndex))
        }
        var rendered: [String] {
            entries.map { entry in
                switch entry {
                case .item(let value): value
                case .placeholder(let id): "#\(id)"
                }
            }
        }
    }

    @Test func libraryStepsAndPlaceholdersMatchANaiveReference() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max)).array(of: 0...60)) { codes in
            let start = ["p", "q", "r", "s"]
            let collection = PlaceholderCollection(start, id: { $0 })
            var naive = Naive(entries: start.map { .item($0) })
            var mirror: [String] = collection.snapshot
            var notifications = 0
            var contexts: [PlaceholderContext<String>] = []
            var nextValue = 0
            var removedValues: [String] = []

            let observation = collection.observeChanges { steps in
                notifications += 1
                mirror.apply(steps.map { $0.map(render) })
            }
            defer { observation.cancel() }

            func fresh() -> String {
                nextValue += 1
                return "v\(nextValue)"
            }

            for code in codes {
                var a = code / 16
                func next(_ bound: Int) -> Int {
                    defer { a /= max(bound, 1) }
                    return bound <= 0 ? 0 : a % bound
                }
                let live = contexts.filter { !$0.isResolved }
                switch code % 16 {
                case 0...6:  // a library batch of one to three steps, in item indices
                    var library = naive.items  // the library's order: the items, without placeholders
                    var steps: [ChangeStep<String>] = []
                    var pending: [String: PlaceholderContext<String>] = [:]
                    for _ in 0...next(3) {
                        switch next(5) {
                        case 0:
                            let value = fresh(), index = next(library.count + 1)
                            steps.append(.insert(value, at: index))
                            library.insert(value, at: index)
                        case 1:  // an insert that a placeholder was loading
                            guard !live.isEmpty else { continue }
                            let context = live[next(live.count)]
                            let value = fresh()
                            // Mostly where the placeholder is (the import's own index), sometimes elsewhere.
                            let here = naive.index(of: context).map { naive.itemsBefore($0) } ?? 0
                            let index = steps.isEmpty && next(3) > 0 ? here : next(library.count + 1)
                            pending[value] = context
                            steps.append(.insert(value, at: index))
                            library.insert(value, at: index)
                        case 2:
                            guard !library.isEmpty else { continue }
                            let index = next(library.count)
                            steps.append(.remove(at: index))
                            removedValues.append(library.remove(at: index))
                        case 3:
                            guard !library.isEmpty else { continue }
                            let from = next(library.count), to = next(library.count)
                            steps.append(.move(from: from, to: to))
                            library.insert(library.remove(at: from), at: to)
                        default:
                            guard !library.isEmpty else { continue }
                            let index = next(library.count), value = fresh()
                            steps.append(.update(value, at: index))
                            removedValues.append(library[index])
                            library[index] = value
                        }
                    }
                    // The reference, step by step, by walking.
                    for step in steps {
                        switch step {
                        case .insert(let value, let itemIndex):
                            if let context = pending[value], !context.isResolved, context.state == .loading,
                               let position = naive.index(of: context) {
                                naive.entries[position] = .item(value)
                                if naive.itemsBefore(position) != itemIndex { naive.moveItem(at: position, toItem: itemIndex) }
                            } else {
                                naive.entries.insert(.item(value), at: naive.entryIndex(forItem: itemIndex))
                            }
                        case .remove(let itemIndex):
                            naive.entries.remove(at: naive.entryIndex(forItem: itemIndex))
                        case .move(let from, let to):
                            naive.moveItem(at: naive.entryIndex(forItem: from), toItem: to)
                        case .update(let value, let itemIndex):
                            naive.entries[naive.entryIndex(forItem: itemIndex)] = .item(value)
                        }
                    }
                    let before = notifications
                    collection.apply(steps) { pending[$0] }
                    #expect(notifications - before <= 1)  // one batch, one notification
                    #expect(collection.items == library)  // the items keep the library's order
                case 7...9:  // a placeholder
                    let index = next(naive.entries.count + 1)
                    let context = collection.insertPlaceholder(at: index)
                    contexts.append(context)
                    naive.entries.insert(.placeholder(context.id.rawValue), at: index)
                case 10:  // a commit by the load itself
                    guard !live.isEmpty else { continue }
                    let context = live[next(live.count)]
                    let position = naive.index(of: context)!
                    let value = fresh()
                    if let committed = context.commit(value) {
                        #expect(committed == position)
                        naive.entries[position] = .item(value)
                    } else {
                        #expect(context.state != .loading)
                    }
                case 11, 12:  // a delete
                    guard !live.isEmpty else { continue }
                    let context = live[next(live.count)]
                    naive.entries.remove(at: naive.index(of: context)!)
                    context.delete()
                case 13:  // the user moves any entry
                    guard !naive.entries.isEmpty else { continue }
                    let from = next(naive.entries.count), to = next(naive.entries.count)
                    collection.move(from: from, to: to)
                    naive.entries.insert(naive.entries.remove(at: from), at: to)
                case 14:  // a load fails: a later library insert for it must not commit
                    guard !live.isEmpty else { continue }
                    live[next(live.count)].fail("offline")
                default:  // an item removed through the collection
                    let positions = naive.entries.indices.filter { naive.entries[$0].isItem }
                    guard !positions.isEmpty else { continue }
                    let position = positions[next(positions.count)]
                    removedValues.append(collection.remove(at: position))
                    naive.entries.remove(at: position)
                }

                let expected = naive.rendered
                #expect(collection.snapshot == expected)
                #expect(mirror == expected)
                #expect(collection.count == naive.entries.count)
                #expect(collection.itemCount == naive.items.count)
                for context in contexts where !context.isResolved {
                    #expect(context.index == naive.index(of: context))
                }
                let probe = next(naive.entries.count + 1)
                #expect(collection.itemIndex(forEntryAt: probe) == naive.itemsBefore(probe))
                let itemProbe = next(naive.items.count + 1)
                #expect(collection.entryIndex(forItemAt: itemProbe) == naive.entryIndex(forItem: itemProbe))
                for (index, entry) in naive.entries.enumerated() {
                    if case .item(let value) = entry { #expect(collection.index(ofItemWithID: value) == index) }
                }
                for value in removedValues.suffix(3) where !naive.items.contains(value) {
                    #expect(collection.index(ofItemWithID: value) == nil)
                }
            }
        }
    }
}

/// The tree under the collection, at a size where it is many levels deep.
@Suite struct CountedTreeTests {
    @Test func aLongRandomRunMatchesAnArray() {
        var random = SplitMix64(state: 42)
        var tree = CountedTree<Int>()
        var array: [(value: Int, counted: Bool)] = (0..<3_000).map { ($0, $0 % 3 != 0) }
        var nodes = tree.rebuild(array)
        var nodeOfValue = Dictionary(uniqueKeysWithValues: zip(array.map(\.value), nodes))
        var nextValue = array.count
        for round in 0..<6_000 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let index = Int.random(in: 0...array.count, using: &random), counted = Bool.random(using: &random)
                nodeOfValue[nextValue] = tree.insert(nextValue, counted: counted, at: index)
                array.insert((nextValue, counted), at: index)
                nextValue += 1
            case 1 where !array.isEmpty:
                let index = Int.random(in: 0..<array.count, using: &random)
                #expect(tree.free(tree.detach(at: index)) == array.remove(at: index).value)
            case 2 where !array.isEmpty:
                let from = Int.random(in: 0..<array.count, using: &random), to = Int.random(in: 0..<array.count, using: &random)
                tree.attach(tree.detach(at: from), at: to)
                array.insert(array.remove(at: from), at: to)
            default:
                guard !array.isEmpty else { continue }
                let index = Int.random(in: 0..<array.count, using: &random), counted = Bool.random(using: &random)
                tree.setValue(array[index].value, counted: counted, of: tree.node(at: index))
                array[index].counted = counted
            }
            if round % 500 == 0 {
                #expect(tree.allValues == array.map(\.value))
                for (index, entry) in array.enumerated() where index % 97 == 0 {
                    #expect(tree.index(of: nodeOfValue[entry.value]!) == index)
                    let before = array[..<index].filter(\.counted).count
                    #expect(tree.countedBefore(index) == before)
                    if entry.counted { #expect(tree.index(ofCounted: before) == index) }
                }
            }
        }
        #expect(tree.allValues == array.map(\.value))
        #expect(tree.count == array.count)
        #expect(tree.countedCount == array.filter(\.counted).count)
        #expect(tree.index(ofCounted: tree.countedCount) == array.count)
        nodes = tree.rebuild([])
        #expect(nodes.isEmpty && tree.count == 0)
    }
}

