import ChangeKit
import Testing
import PropertyBased
@testable import DragKit

/// Random interleavings of every change the collection supports, checked step by step
/// against a plain array that finds placeholders by searching for them.
@MainActor @Suite struct PlaceholderPropertyTests {
    enum Reference: Equatable {
        case item(String)
        case placeholder(Int)
    }

    @Test func randomInterleavingsMatchAPlainArray() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max)).array(of: 0...80)) { codes in
            let start = ["p", "q", "r"]
            let collection = PlaceholderCollection(start)
            var reference: [Reference] = start.map { .item($0) }
            var mirror: [String] = collection.snapshot  // rebuilt only from the change steps
            var contexts: [PlaceholderContext<String>] = []
            var nextValue = 0

            // The mirror applies the reported steps as a view does, rendering each entry.
            let observation = collection.observeChanges { steps in mirror.apply(steps.map { $0.map(render) }) }
            let reloads = collection.observeReloads { mirror = collection.snapshot }
            defer { reloads.cancel() }
            defer { observation.cancel() }

            func fresh() -> String {
                nextValue += 1
                return "v\(nextValue)"
            }
            func referenceIndex(of context: PlaceholderContext<String>) -> Int? {
                reference.firstIndex(of: .placeholder(context.id.rawValue))
            }

            for code in codes {
                let a = (code / 16) % 1009, b = (code / 16 / 1009) % 1009
                let live = contexts.filter { !$0.isResolved }
                switch code % 16 {
                case 0...2:  // insert an item
                    let index = a % (reference.count + 1), value = fresh()
                    collection.insert(value, at: index)
                    reference.insert(.item(value), at: index)
                case 3, 4:  // remove an item
                    let itemPositions = reference.indices.filter { if case .item = reference[$0] { true } else { false } }
                    guard !itemPositions.isEmpty else { continue }
                    let index = itemPositions[a % itemPositions.count]
                    collection.remove(at: index)
                    reference.remove(at: index)
                case 5, 6:  // move anything, placeholders included
                    guard !reference.isEmpty else { continue }
                    let from = a % reference.count, to = b % reference.count
                    collection.move(from: from, to: to)
                    reference.insert(reference.remove(at: from), at: to)
                case 7...9:  // insert a placeholder
                    let index = a % (reference.count + 1)
                    let context = collection.insertPlaceholder(at: index)
                    contexts.append(context)
                    reference.insert(.placeholder(context.id.rawValue), at: index)
                case 10, 11:  // commit
                    guard !live.isEmpty else { continue }
                    let context = live[a % live.count]
                    let expected = referenceIndex(of: context)!
                    let value = fresh()
                    let committed = context.commit(value)
                    if context.state == .loading {
                        #expect(committed == expected)
                        reference[expected] = .item(value)
                    } else {
                        #expect(committed == nil)  // failed or cancelled: never committed
                    }
                case 12:  // delete
                    guard !live.isEmpty else { continue }
                    let context = live[a % live.count]
                    reference.remove(at: referenceIndex(of: context)!)
                    context.delete()
                case 13:  // cancel one load: the others must not notice
                    guard !live.isEmpty else { continue }
                    let others = live.map { ($0, $0.state) }
                    let context = live[a % live.count]
                    context.cancel()
                    #expect(context.state != .loading)
                    for (other, state) in others where other !== context { #expect(other.state == state) }
                case 14:  // a load fails
                    guard !live.isEmpty else { continue }
                    live[a % live.count].fail("offline")
                default:  // the library reloads, reversed
                    let items = reference.compactMap { if case .item(let v) = $0 { v } else { nil } }
                    let placeholders = reference.indices.compactMap { index -> (Int, Reference)? in
                        if case .placeholder = reference[index] { (index, reference[index]) } else { nil }
                    }
                    reference = items.reversed().map { .item($0) }
                    for (index, placeholder) in placeholders {
                        reference.insert(placeholder, at: min(index, reference.count))
                    }
                    collection.reload(items.reversed())
                }

                let expected = reference.map { entry -> String in
                    switch entry {
                    case .item(let value): value
                    case .placeholder(let id): "#\(id)"
                    }
                }
                #expect(collection.snapshot == expected)
                #expect(mirror == expected)
                for context in contexts where !context.isResolved {
                    #expect(context.index == referenceIndex(of: context))
                }
                let probe = a % (reference.count + 1)
                let itemsBefore = reference[..<probe].filter { if case .item = $0 { true } else { false } }.count
                #expect(collection.itemIndex(forEntryAt: probe) == itemsBefore)
                #expect(collection.placeholders.map(\.id) == contexts.filter { !$0.isResolved }
                    .sorted { referenceIndex(of: $0)! < referenceIndex(of: $1)! }.map(\.id))
            }
        }
    }
}
