import ChangeKit

/// An ordered list of keys being edited inside one transaction, recording each edit
/// as a change step. Mutations edit this in memory, then `ChangeSet` writes only the
/// positions that changed and turns the recorded steps into the batch views apply.
/// Recording steps from the edits themselves (rather than diffing) keeps real moves
/// as moves, so the grid can animate them.
struct OrderedEdit<Key: Hashable & Sendable> {
    private(set) var keys: [Key]
    /// Each loaded key's stored position (sparse: see `positionsToWrite`).
    let storedPositions: [Key: Int]
    private(set) var steps: [ChangeStep<Key>] = []

    init(loaded: [(key: Key, position: Int)]) {
        keys = loaded.map(\.key)
        storedPositions = Dictionary(loaded.map { ($0.key, $0.position) }, uniquingKeysWith: { first, _ in first })
    }

    var count: Int { keys.count }

    func index(of key: Key) -> Int? { keys.firstIndex(of: key) }
    func contains(_ key: Key) -> Bool { keys.contains(key) }

    mutating func insert(_ key: Key, at index: Int) {
        let index = Swift.min(Swift.max(index, 0), keys.count)
        keys.insert(key, at: index)
        steps.append(.insert(key, at: index))
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Int? {
        guard let index = index(of: key) else { return nil }
        keys.remove(at: index)
        steps.append(.remove(at: index))
        return index
    }

    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        keys.insert(keys.remove(at: from), at: to)
        steps.append(.move(from: from, to: to))
    }

    /// Records that the element at `index` changed its content (it stays where it is).
    mutating func recordUpdate(_ key: Key, at index: Int) {
        steps.append(.update(key, at: index))
    }

    /// Moves `moving` (in the given order) so they sit together starting at `destination`,
    /// an index into the list *without* the moving keys. Others keep their order.
    mutating func move(_ moving: [Key], to destination: Int) {
        let movingSet = Set(moving)
        let others = keys.filter { !movingSet.contains($0) }
        let destination = Swift.min(Swift.max(destination, 0), others.count)
        // Each moving key goes right after its predecessor in the final order: the
        // last "other" before the destination for the first, then the previous key.
        var anchor: Key? = destination > 0 ? others[destination - 1] : nil
        for key in moving {
            guard let from = index(of: key) else { continue }
            keys.remove(at: from)
            let to = anchor.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            keys.insert(key, at: to)
            if from != to { steps.append(.move(from: from, to: to)) }
            anchor = key
        }
    }

    /// Moves each key back to its own index in the final order, wherever the keys stand
    /// now (an undo of a move or of a stack). Placing them one by one is right only if no
    /// key still waiting stands before the place being filled, which depends on where
    /// the group is: so they are first gathered at the start, then placed highest index first.
    mutating func putBack(_ places: [(key: Key, index: Int)]) {
        move(places.map(\.key), to: 0)
        for place in places.sorted(by: { $0.index > $1.index }) { move([place.key], to: place.index) }
    }

    /// Keys added by this edit (not present when loaded).
    var insertedKeys: Set<Key> { Set(keys.filter { storedPositions[$0] == nil }) }
    /// Loaded keys no longer present.
    var removedKeys: [Key] {
        let present = Set(keys)
        return storedPositions.keys.filter { !present.contains($0) }
    }
    /// Keys whose stored position must be written, and their new positions: the fewest
    /// keys that give positions increasing along the order (ties are read in row order,
    /// so none are left). Positions are sparse: the longest run of keys whose stored
    /// positions already increase keep them, and the others are put between their kept
    /// neighbours, so an insert among 100,000 photos writes its own rows, not every row
    /// after it (dense positions did: a drop onto a large library wrote for seconds per
    /// photo). Where neighbours leave no room, the keys from there to the end are numbered
    /// again, `spacing` apart.
    var positionsToWrite: [(key: Key, position: Int, isNew: Bool)] {
        let stored = keys.map { storedPositions[$0] }
        var keeps = Self.longestIncreasing(stored)
        var written: [(key: Key, position: Int, isNew: Bool)] = []
        var previous: Int?
        var start = 0
        while start < keys.count {
            if keeps[start] {
                previous = stored[start]
                start += 1
                continue
            }
            var end = start
            while end < keys.count && !keeps[end] { end += 1 }
            let count = end - start
            let next = end < keys.count ? stored[end] : nil
            let positions: [Int]
            switch (previous, next) {
            case (let previous?, let next?):
                // A key's own step, at most `Self.step`, so later inserts at the same place find room.
                let step = Swift.min(Self.step, (next - previous) / (count + 1))
                guard step > 0 else {
                    // No room: number everything from here on again.
                    for index in start..<keys.count { keeps[index] = false }
                    continue
                }
                positions = (1...count).map { previous + step * $0 }
            case (let previous?, nil):
                positions = (1...count).map { previous + Self.spacing * $0 }
            case (nil, let next?):
                positions = (1...count).map { next - Self.spacing * (count + 1 - $0) }
            case (nil, nil):
                positions = (0..<count).map { Self.spacing * $0 }
            }
            for (offset, position) in positions.enumerated() {
                let index = start + offset
                written.append((keys[index], position, stored[index] == nil))
            }
            previous = positions.last
            start = end
        }
        return written
    }

    /// Between keys numbered afresh (2^20: a thousand keys can go between two, `step` apart,
    /// before they are numbered again; 100,000 keys use 2^37 of Int's 2^63).
    static var spacing: Int { 1 << 20 }
    /// Between keys put into a gap.
    static var step: Int { 1 << 10 }

    /// Which of `positions` (nil: a key with none yet) to keep: a longest strictly
    /// increasing subsequence, found by patience sorting in O(n log n).
    static func longestIncreasing(_ positions: [Int?]) -> [Bool] {
        var tails: [Int] = []  // tails[k]: index of the smallest last position of a run of length k + 1
        var before = [Int](repeating: -1, count: positions.count)
        for (index, position) in positions.enumerated() {
            guard let position else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if positions[tails[middle]]! < position { low = middle + 1 } else { high = middle }
            }
            if low > 0 { before[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var keeps = [Bool](repeating: false, count: positions.count)
        var index = tails.last ?? -1
        while index >= 0 {
            keeps[index] = true
            index = before[index]
        }
        return keeps
    }
}
