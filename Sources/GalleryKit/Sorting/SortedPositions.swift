import ChangeKit

/// A sorted view of a collection kept in the user's own order: the own positions of its
/// items in `sort`'s order, kept in step with the collection's changes. A change of a few
/// items moves a few positions (O(n) integer work and O(log n) comparisons per step), and
/// comes out as the same few steps in the view's order, where sorting 100,000 items again
/// and comparing the whole view took the main thread for many frames.
public struct SortedPositions {
    public let sort: GallerySort
    /// Own positions, in the sort's order.
    public private(set) var positions: [Int]

    public init(sort: GallerySort, items: [GalleryItem]) {
        self.sort = sort
        positions = sort.positions(of: items)
    }

    /// Applies own-order `steps` to `items` (the collection in its own order, as these
    /// positions know it) and returns the same change as steps of the sorted view.
    public mutating func follow(_ steps: [ChangeStep<GalleryItem>], applyingTo items: inout [GalleryItem]) -> [ChangeStep<GalleryItem>] {
        var shown: [ChangeStep<GalleryItem>] = []
        for step in steps {
            switch step {
            case .insert(let item, let position):
                items.insert(item, at: position)
                shift(from: position, by: 1)
                let rank = rank(for: position, in: items)
                positions.insert(position, at: rank)
                shown.append(.insert(item, at: rank))
            case .remove(let position):
                let rank = takeOut(position)
                items.remove(at: position)
                shift(from: position + 1, by: -1)
                shown.append(.remove(at: rank))
            case .update(let item, let position):
                let rank = takeOut(position)
                items[position] = item
                let newRank = self.rank(for: position, in: items)
                positions.insert(position, at: newRank)
                if newRank != rank { shown.append(.move(from: rank, to: newRank)) }
                shown.append(.update(item, at: newRank))
            case .move(let from, let to):
                // Its key is the same, but its own position breaks ties.
                let rank = takeOut(from)
                items.insert(items.remove(at: from), at: to)
                shift(from: from + 1, by: -1)
                shift(from: to, by: 1)
                let newRank = self.rank(for: to, in: items)
                positions.insert(to, at: newRank)
                if newRank != rank { shown.append(.move(from: rank, to: newRank)) }
            }
        }
        return shown
    }

    /// Removes `position` from the view; returns where it was.
    private mutating func takeOut(_ position: Int) -> Int {
        guard let rank = positions.firstIndex(of: position) else {
            preconditionFailure("own position \(position) is not in the sorted view")
        }
        positions.remove(at: rank)
        return rank
    }

    /// Adds `delta` to every own position from `first` on (an insertion or a removal before them).
    private mutating func shift(from first: Int, by delta: Int) {
        for rank in positions.indices where positions[rank] >= first { positions[rank] += delta }
    }

    /// Where the item at own position `position` of `items` goes among the others: the
    /// first of them it comes before (binary search).
    private func rank(for position: Int, in items: [GalleryItem]) -> Int {
        let key = sort.key(of: items[position])
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            let other = positions[middle]
            if sort.comesBefore(sort.key(of: items[other]), at: other, key, at: position) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
