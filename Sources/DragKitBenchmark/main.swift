// Prints DragKit's figures (docs/benchmarks.md). Run it in release:
//   swift run -c release DragKitBenchmark
import ChangeKit
import DragKit
import Foundation


func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

func summary(_ samples: [Duration]) -> (mean: Double, p99: Double, max: Double) {
    let values = samples.map(microseconds).sorted()
    let mean = values.reduce(0, +) / Double(values.count)
    let p99 = values[min(values.count - 1, Int(Double(values.count) * 0.99))]
    return (mean, p99, values.last ?? 0)
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

var random = SplitMix64(state: 2017)
var checksum = 0
let clock = ContinuousClock()
let count = 10_000
let geometry = GridGeometry(width: 1200, cellSize: Size(width: 160, height: 160), spacing: 8, padding: 12)
let height = geometry.contentHeight(for: count)

// MARK: Proposals per motion event

/// One motion event: map the pointer to a target, then ask for the proposal.
@MainActor func measureMotion(_ drop: DropSession, events: Int) -> [Duration] {
    var samples: [Duration] = []
    samples.reserveCapacity(events)
    for event in 0..<events {
        let point = Point(x: Double.random(in: 0...geometry.width, using: &random),
                          y: Double.random(in: 0...height, using: &random))
        // Every 20th event is over an album row or the delete zone, as a real drag wanders.
        let started = clock.now
        let target: DropTarget = switch event % 20 {
        case 0: .album(ContainerID(Int64(event % 7)))
        case 1: .deleteZone
        default: .grid(at: point, in: geometry, count: count)
        }
        let proposal = drop.update(target: target)
        samples.append(clock.now - started)
        if proposal.performsDrop { checksum &+= 1 }
    }
    return samples
}

@MainActor func photo(_ id: Int, at index: Int) -> DragItem {
    var provider = ItemProvider(suggestedName: "photo-\(id).jpg")
    provider.register(.photoID) { _ in Data("\(id)".utf8) }
    provider.register(.jpeg) { _ in Data() }
    return DragItem(provider: provider, localObject: LocalObject(id), sourceIndex: index)
}

let events = 200_000
print("DragKit benchmark (\(count) items, \(events) motion events per case)")
print("")
print("Proposal per motion event (budget ≤ 100 µs):")
for selected in [1, 50, 1_000, 10_000] {
    let indices = (0..<count).shuffled(using: &random).prefix(selected).sorted()
    let drag = DragSession(items: indices.map { photo($0, at: $0) }, origin: .zero)
    try drag.beginDragging()
    let drop = DropSession(local: drag)
    _ = measureMotion(drop, events: 1_000)  // warm-up (and the one-off facts computation)
    let stats = summary(measureMotion(drop, events: events))
    print("  in-app drag of \(selected) photos: mean \(format(stats.mean)) µs, p99 \(format(stats.p99)) µs, max \(format(stats.max)) µs")
}
do {
    var provider = ItemProvider()
    provider.register(.png) { _ in Data() }
    let drop = DropSession(external: Array(repeating: DragItem(provider: provider), count: 3), offering: [.copy, .move])
    _ = measureMotion(drop, events: 1_000)
    let stats = summary(measureMotion(drop, events: events))
    print("  external drag of 3 images:    mean \(format(stats.mean)) µs, p99 \(format(stats.p99)) µs, max \(format(stats.max)) µs")
}

// MARK: Placeholder bookkeeping

print("")
print("Placeholder bookkeeping (\(count) items, 1,000 concurrent placeholders):")
let collection = PlaceholderCollection(Array(0..<count))
var changeSteps = 0
let observation = collection.observeChanges { changeSteps += $0.count }

var started = clock.now
var placeholders: [PlaceholderContext<Int>] = []
for _ in 0..<1_000 {
    placeholders.append(collection.insertPlaceholder(at: Int.random(in: 0...collection.count, using: &random)))
}
let insertTime = clock.now - started

started = clock.now
var nextValue = count
for step in 0..<5_000 {
    switch step % 4 {
    case 0:
        collection.insert(nextValue, at: Int.random(in: 0...collection.count, using: &random))
        nextValue += 1
    case 1:
        var index = Int.random(in: 0..<collection.count, using: &random)
        while collection[index].item == nil { index = (index + 1) % collection.count }
        collection.remove(at: index)
    case 2:
        collection.move(from: Int.random(in: 0..<collection.count, using: &random),
                        to: Int.random(in: 0..<collection.count, using: &random))
    default:
        placeholders[step % placeholders.count].updateProgress(Double(step) / 5_000)
    }
}
let updateTime = clock.now - started

started = clock.now
for placeholder in placeholders.shuffled(using: &random) {
    if placeholder.commit(nextValue) != nil { checksum &+= 1 }
    nextValue += 1
}
let commitTime = clock.now - started
observation.cancel()

print("  1,000 placeholder inserts:        total \(format(microseconds(insertTime) / 1000)) ms, mean \(format(microseconds(insertTime) / 1_000)) µs")
print("  5,000 interleaved updates:        total \(format(microseconds(updateTime) / 1000)) ms, mean \(format(microseconds(updateTime) / 5_000)) µs")
print("  1,000 commits at current indices: total \(format(microseconds(commitTime) / 1000)) ms, mean \(format(microseconds(commitTime) / 1_000)) µs")
print("  \(changeSteps) change steps emitted; \(collection.hasPlaceholders ? "placeholders left (bug)" : "no placeholders left"); final count \(collection.count)")

// MARK: Library steps through the placeholder collection

/// The path a library batch took before one change vocabulary: the entries in an array,
/// every live placeholder's index pushed on every change, and each item index converted
/// by walking the entries (`CollectionModel.entryIndex(forItemIndex:skipping:)`). Kept
/// here only to measure against, on the same steps.
struct ArrayEntries {
    enum Entry: Equatable {
        case item(Int)
        case placeholder(Int)
    }

    var entries: [Entry]
    var placeholderPositions: [Int] = []
    var emitted = 0

    func entryIndex(forItemIndex itemIndex: Int, skipping skipped: Int? = nil) -> Int {
        var seen = 0
        for index in 0..<entries.count where index != skipped {
            guard case .item = entries[index] else { continue }
            if seen == itemIndex { return skipped.map { index > $0 ? index - 1 : index } ?? index }
            seen += 1
        }
        return skipped == nil ? entries.count : entries.count - 1
    }

    mutating func insertPlaceholder(_ id: Int, at index: Int) {
        for slot in placeholderPositions.indices where placeholderPositions[slot] >= index { placeholderPositions[slot] += 1 }
        placeholderPositions.append(index)
        entries.insert(.placeholder(id), at: index)
    }

    mutating func apply(_ steps: [ChangeStep<Int>]) {
        for step in steps {
            switch step {
            case .insert(let value, let itemIndex):
                let index = entryIndex(forItemIndex: itemIndex)
                for slot in placeholderPositions.indices where placeholderPositions[slot] >= index { placeholderPositions[slot] += 1 }
                entries.insert(.item(value), at: index)
            case .remove(let itemIndex):
                let index = entryIndex(forItemIndex: itemIndex)
                entries.remove(at: index)
                for slot in placeholderPositions.indices where placeholderPositions[slot] > index { placeholderPositions[slot] -= 1 }
            case .move(let from, let to):
                let source = entryIndex(forItemIndex: from)
                let destination = entryIndex(forItemIndex: to, skipping: source)
                entries.insert(entries.remove(at: source), at: destination)
                for slot in placeholderPositions.indices {
                    if placeholderPositions[slot] > source { placeholderPositions[slot] -= 1 }
                    if placeholderPositions[slot] >= destination { placeholderPositions[slot] += 1 }
                }
            case .update(let value, let itemIndex):
                entries[entryIndex(forItemIndex: itemIndex)] = .item(value)
            }
            emitted += 1
        }
    }
}

let libraryCount = 100_000
let stepCount = 1_000
let placeholderCount = 100
var library = Array(0..<libraryCount)
var librarySteps: [ChangeStep<Int>] = []
var nextLibraryValue = libraryCount
for step in 0..<stepCount {
    switch step % 4 {
    case 0:
        let index = Int.random(in: 0...library.count, using: &random)
        librarySteps.append(.insert(nextLibraryValue, at: index))
        library.insert(nextLibraryValue, at: index)
    case 1:
        let index = Int.random(in: 0..<library.count, using: &random)
        librarySteps.append(.remove(at: index))
        library.remove(at: index)
    case 2:
        let from = Int.random(in: 0..<library.count, using: &random), to = Int.random(in: 0..<library.count, using: &random)
        librarySteps.append(.move(from: from, to: to))
        library.insert(library.remove(at: from), at: to)
    default:
        librarySteps.append(.update(nextLibraryValue, at: Int.random(in: 0..<library.count, using: &random)))
    }
    nextLibraryValue += 1
}
let placeholderSpots = (0..<placeholderCount).map { Int.random(in: 0...(libraryCount + $0), using: &random) }

print("")
print("Library steps to entries (\(stepCount) steps, \(libraryCount) items, \(placeholderCount) placeholders):")
var before = ArrayEntries(entries: (0..<libraryCount).map { .item($0) })
for (id, spot) in placeholderSpots.enumerated() { before.insertPlaceholder(id, at: spot) }
started = clock.now
for step in librarySteps { before.apply([step]) }  // the old path took one step at a time
let beforeTime = clock.now - started

let after = PlaceholderCollection(Array(0..<libraryCount), id: { $0 })
var afterSteps = 0
let afterObservation = after.observeChanges { afterSteps += $0.count }
let afterPlaceholders = placeholderSpots.map { after.insertPlaceholder(at: $0) }
started = clock.now
after.apply(librarySteps)
let afterTime = clock.now - started
afterObservation.cancel()

let afterEntries: [ArrayEntries.Entry] = after.entries.map { entry in
    switch entry {
    case .item(let value): .item(value)
    case .placeholder(let id): .placeholder(id.rawValue)
    }
}
let samePlaceholders = zip(afterPlaceholders, before.placeholderPositions).allSatisfy { $0.index == $1 }
print("  before (array, O(n) walks):  total \(format(microseconds(beforeTime) / 1000)) ms, mean \(format(microseconds(beforeTime) / Double(stepCount))) µs per step")
print("  after (counted tree):        total \(format(microseconds(afterTime) / 1000)) ms, mean \(format(microseconds(afterTime) / Double(stepCount))) µs per step")
print("  same entries: \(afterEntries == before.entries ? "yes" : "NO (bug)"); same placeholder indices: \(samePlaceholders ? "yes" : "NO (bug)"); \(afterSteps) entry steps emitted in one batch")
checksum &+= afterSteps &+ before.emitted

print("")
print("(checksum \(checksum))")
