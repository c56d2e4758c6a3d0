import ChangeKit

/// An ordered list of keys being edited inside one transaction, recording each edit
/// as a change step. Mutations edit this in memory, then `ChangeSet` writes only the
/// positions that changed and turns the recorded steps into the batch views apply.
/// Recording steps from the edits themselves (rather than diffing) keeps real moves
/// as moves, so the grid can animate them.
struct OrderedEdit<Key: Hashable & Sendable> {
    private(set) var keys: [Key]
    /// In step with `keys`: each key's stored position (sparse: see `positionsToWrite`),
    /// nil for a key this edit inserted.
    private var stored: [Int?]
    /// In step with `keys`: true for a key this edit put in its place (inserted or moved),
    /// whose position is written whatever it was.
    private var placed: [Bool]
    /// Stored keys this edit removed, with their stored positions (a key removed and then
    /// inserted again is a moved key, its row updated, not inserted twice).
    private var removed: [Key: Int] = [:]
    /// Keys added by this edit (not present when loaded).
    private(set) var insertedKeys: Set<Key> = []
    private(set) var steps: [ChangeStep<Key>] = []

    /// Starts from `order` with a few passes over plain arrays, and no key hashed (a
    /// dictionary of every key's position was), so that a transaction that edits a
    /// collection of 100,000 costs about a millisecond (see `MainOrderCache`).
    init(_ order: StoredOrder<Key>) {
        keys = order.keys
        stored = order.positions.map(Optional.some)
        placed = [Bool](repeating: false, count: order.keys.count)
    }

    init(loaded: [(key: Key, position: Int)]) {
        self.init(StoredOrder(keys: loaded.map(\.key), positions: loaded.map(\.position)))
    }

    var count: Int { keys.count }

    func index(of key: Key) -> Int? { keys.firstIndex(of: key) }
    func contains(_ key: Key) -> Bool { keys.contains(key) }

    mutating func insert(_ key: Key, at index: Int) {
        let index = Swift.min(Swift.max(index, 0), keys.count)
        if let position = removed.removeValue(forKey: key) {
            put(key, stored: position, at: index)
        } else {
            insertedKeys.insert(key)
            put(key, stored: nil, at: index)
        }
        steps.append(.insert(key, at: index))
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Int? {
        guard let index = index(of: key) else { return nil }
        let position = take(at: index)
        if let position { removed[key] = position } else { insertedKeys.remove(key) }
        steps.append(.remove(at: index))
        return index
    }

    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        let key = keys[from]
        put(key, stored: take(at: from), at: to)
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
            let position = take(at: from)
            let to = anchor.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            put(key, stored: position, at: to)
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

    /// Loaded keys no longer present.
    var removedKeys: [Key] { Array(removed.keys) }

    /// The key at `index` leaves, with its stored position.
    private mutating func take(at index: Int) -> Int? {
        keys.remove(at: index)
        placed.remove(at: index)
        return stored.remove(at: index)
    }

    /// `key` goes to `index`, put there by this edit.
    private mutating func put(_ key: Key, stored position: Int?, at index: Int) {
        keys.insert(key, at: index)
        stored.insert(position, at: index)
        placed.insert(true, at: index)
    }

    /// Keys whose stored position must be written, and their new positions, so that
    /// positions increase along the order (ties are read in row order, so none are left).
    /// Positions are sparse: the keys this edit did not place keep theirs (each one greater
    /// than the last kept; in a library they all are), and the others are put between
    /// their kept neighbours, so an insert among 100,000 photos writes its own rows, not
    /// every row after it (dense positions did: a drop onto a large library wrote for
    /// seconds per photo). Where neighbours leave no room, the keys from there to the end
    /// are numbered again, `spacing` apart.
    var positionsToWrite: [(key: Key, position: Int, isNew: Bool)] {
        placements.map { (keys[$0.index], $0.position, stored[$0.index] == nil) }
    }

    /// The indices whose positions `positionsToWrite` writes, with those positions.
    private var placements: [(index: Int, position: Int)] {
        var keeps = [Bool](repeating: false, count: keys.count)
        var lastKept: Int?
        for index in keys.indices where !placed[index] {
            guard let position = stored[index], lastKept.map({ position > $0 }) ?? true else { continue }
            keeps[index] = true
            lastKept = position
        }
        var written: [(index: Int, position: Int)] = []
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
            for (offset, position) in positions.enumerated() { written.append((start + offset, position)) }
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
}

/// A collection's order as stored: its keys and their positions, in step. Kept between
/// write transactions for the main collection (`MainOrderCache`), so that each edit starts
/// from memory instead of reading every entry again.
struct StoredOrder<Key: Hashable & Sendable>: Sendable, Equatable {
    var keys: [Key]
    var positions: [Int]
}

extension OrderedEdit {
    /// The positions to write (`positionsToWrite`), and the order as it is stored once they are.
    func write() -> (positions: [(key: Key, position: Int, isNew: Bool)], stored: StoredOrder<Key>) {
        let placements = placements
        var positions = stored.map { $0 ?? 0 }
        for placement in placements { positions[placement.index] = placement.position }
        let written = placements.map { (keys[$0.index], $0.position, stored[$0.index] == nil) }
        return (written, StoredOrder(keys: keys, positions: positions))
    }
}
