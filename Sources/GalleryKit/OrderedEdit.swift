import ChangeKit

/// An ordered list of keys being edited inside one transaction, recording each edit
/// as a change step. Mutations edit this in memory, then `ChangeSet` writes only the
/// positions that changed and turns the recorded steps into the batch views apply.
/// Recording steps from the edits themselves (rather than diffing) keeps real moves
/// as moves, so the grid can animate them.
struct OrderedEdit<Key: Hashable & Sendable> {
    private(set) var keys: [Key]
    /// Each loaded key's stored position (positions may have gaps; saving closes them).
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
    /// Keys whose stored position must be written: new, or at another index than stored.
    var positionsToWrite: [(key: Key, position: Int, isNew: Bool)] {
        keys.enumerated().compactMap { index, key in
            let stored = storedPositions[key]
            return stored == index ? nil : (key, index, stored == nil)
        }
    }
}
