/// The index arithmetic of moving some items of a collection to an insertion point.
///
/// Insertion indices are counted in the collection as it is shown during the drag, with the
/// dragged items still in their old places (the grid fades them but keeps them). When the
/// items leave, the gaps they leave close, so the final index is smaller by the number of
/// moved items that were before the insertion point: dragging item 2 to insertion index 5
/// lands it at index 4.
///
/// Queries are O(log k) for k moved items, because proposals are computed on every motion.
public struct MovingSelection: Hashable, Sendable {
    /// The source indices, ascending and without duplicates.
    public private(set) var sortedIndices: [Int] = []
    /// Whether the indices form one run with no holes (cached, since proposals ask often).
    public private(set) var isContiguous = true

    public init() {}

    public init<Indices: Sequence<Int>>(_ indices: Indices) {
        sortedIndices = Array(Set(indices)).sorted()
        refreshContiguity()
    }

    public var isEmpty: Bool { sortedIndices.isEmpty }
    public var count: Int { sortedIndices.count }

    /// Adds a source index (an item that flocked to the drag). O(k).
    public mutating func insert(_ index: Int) {
        let position = lowerBound(index)
        guard position == sortedIndices.count || sortedIndices[position] != index else { return }
        sortedIndices.insert(index, at: position)
        refreshContiguity()
    }

    /// How many moved items sit before `index`. O(log k).
    public func countBefore(_ index: Int) -> Int { lowerBound(index) }

    /// Where the first moved item ends up when the items are inserted at `insertionIndex`.
    public func finalIndex(forInsertionIndex insertionIndex: Int) -> Int {
        insertionIndex - countBefore(insertionIndex)
    }

    /// Whether inserting at `insertionIndex` leaves the order exactly as it is: the items are
    /// one contiguous run and the insertion point touches it.
    public func isNoChange(atInsertionIndex insertionIndex: Int) -> Bool {
        guard let first = sortedIndices.first, let last = sortedIndices.last, isContiguous else { return false }
        return insertionIndex >= first && insertionIndex <= last + 1
    }

    /// The reorder applied to `elements`: the moved items, in their order, at their final
    /// index. This is the reference the placeholder model and the library follow.
    public func applied<Element>(to elements: [Element], insertionIndex: Int) -> [Element] {
        let moving = sortedIndices.map { elements[$0] }
        var rest = elements
        for index in sortedIndices.reversed() { rest.remove(at: index) }
        rest.insert(contentsOf: moving, at: finalIndex(forInsertionIndex: insertionIndex))
        return rest
    }

    private func lowerBound(_ value: Int) -> Int {
        var low = 0, high = sortedIndices.count
        while low < high {
            let mid = (low + high) / 2
            if sortedIndices[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func refreshContiguity() {
        guard let first = sortedIndices.first, let last = sortedIndices.last else {
            isContiguous = true
            return
        }
        isContiguous = last - first + 1 == sortedIndices.count
    }
}
