/// A list kept as a balanced tree (a treap with implicit keys), so that inserting, removing
/// and finding by position cost O(log n) instead of the O(n) shift of an array.
///
/// Each value is either *counted* or not (the placeholder collection counts its real items
/// and not its placeholders), and every subtree knows both its size and how many counted
/// values it holds. That answers "how many items come before entry i?" and "where is the
/// k-th item?" in O(log n): the two conversions between the library's item indices and the
/// grid's entry indices.
///
/// Values live in nodes named by a stable handle (`Node`), kept through moves, so whoever
/// holds one (a placeholder's context, an id lookup) can ask for its current index in
/// O(log n) instead of being told of every shift.
///
/// The tree's shape is a non-generic `CountedTreeShape`, and the values a plain array beside
/// it: generic code called from another module runs unspecialised (4x slower here), and the
/// shape's work (every split, merge and climb) must not pay for that.
struct CountedTree<Value> {
    typealias Node = Int

    private var shape = CountedTreeShape()
    private var values: [Value?] = []

    var count: Int { shape.count }
    /// The number of counted values (the items).
    var countedCount: Int { shape.countedCount }

    /// The node at `index`, in 0..<count. O(log n).
    func node(at index: Int) -> Node { shape.node(at: index) }
    /// The current index of `node`. O(log n).
    func index(of node: Node) -> Int { shape.index(of: node) }
    func value(of node: Node) -> Value { values[node]! }
    func isCounted(_ node: Node) -> Bool { shape.isCounted(node) }
    /// The number of counted values among the first `index` values. O(log n).
    func countedBefore(_ index: Int) -> Int { shape.countedBefore(index) }
    /// The index of the counted value with `rank` counted values before it, or `count` when
    /// `rank` is `countedCount` (past the last one). O(log n).
    func index(ofCounted rank: Int) -> Int { shape.index(ofCounted: rank) }

    /// All values in order. O(n).
    var allValues: [Value] { shape.nodesInOrder.map { values[$0]! } }
    /// All nodes in order. O(n).
    var nodes: [Node] { shape.nodesInOrder }

    /// Inserts `value` so that it ends at `index` (in 0...count) and returns its node.
    @discardableResult
    mutating func insert(_ value: Value, counted: Bool, at index: Int) -> Node {
        let node = shape.allocate(counted: counted)
        if node == values.count { values.append(value) } else { values[node] = value }
        shape.attach(node, at: index)
        return node
    }

    /// Takes the node at `index` out of the list but keeps it (and its value), to
    /// `attach` it elsewhere or `free` it.
    mutating func detach(at index: Int) -> Node { shape.detach(at: index) }

    /// Puts a detached node back so that it ends at `index` (in 0...count).
    mutating func attach(_ node: Node, at index: Int) { shape.attach(node, at: index) }

    /// Forgets a detached node and returns its value; the handle may be reused.
    @discardableResult
    mutating func free(_ node: Node) -> Value {
        let value = values[node]!
        values[node] = nil
        shape.release(node)
        return value
    }

    /// Exchanges the value of `node`, and whether it counts. O(log n) when that changes.
    mutating func setValue(_ value: Value, counted: Bool, of node: Node) {
        values[node] = value
        shape.setCounted(counted, of: node)
    }

    /// Replaces everything with `entries`, in O(n), and returns their nodes in order.
    mutating func rebuild(_ entries: [(value: Value, counted: Bool)]) -> [Node] {
        let nodes = shape.rebuild(counted: entries.map(\.counted))
        values = entries.map(\.value)  // a rebuild numbers its nodes 0..<count
        return nodes
    }
}

/// The shape of a `CountedTree`: links, sizes and counts, without the values.
struct CountedTreeShape {
    typealias Node = Int

    private var records: [CountedTreeRecord] = []
    private var freeNodes: [Node] = []
    private var root = -1
    /// Seeded, so a run is reproducible; the balance only needs priorities that do not
    /// depend on the order of the values.
    private var random = SplitMix64(state: 0x5EED_2017)

    var count: Int { size(root) }
    var countedCount: Int { counted(root) }

    // MARK: Reading

    /// The node at `index`, in 0..<count. O(log n).
    func node(at index: Int) -> Node {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        var node = root, index = index
        while true {
            let leftSize = size(records[node].left)
            if index < leftSize {
                node = records[node].left
            } else if index == leftSize {
                return node
            } else {
                index -= leftSize + 1
                node = records[node].right
            }
        }
    }

    /// The current index of `node`. O(log n): it climbs to the root, adding what lies left.
    func index(of node: Node) -> Int {
        var index = size(records[node].left), child = node, parent = records[node].parent
        while parent >= 0 {
            if records[parent].right == child { index += size(records[parent].left) + 1 }
            child = parent
            parent = records[parent].parent
        }
        return index
    }

    func isCounted(_ node: Node) -> Bool { records[node].isCounted }

    /// The number of counted values among the first `index` values. O(log n).
    func countedBefore(_ index: Int) -> Int {
        precondition(index >= 0 && index <= count, "index \(index) out of 0...\(count)")
        var node = root, remaining = index, total = 0
        while node >= 0 && remaining > 0 {
            let left = records[node].left, leftSize = size(left)
            if remaining <= leftSize {
                node = left
            } else {
                total += counted(left) + (records[node].isCounted ? 1 : 0)
                remaining -= leftSize + 1
                node = records[node].right
            }
        }
        return total
    }

    /// The index of the counted value that has `rank` counted values before it, or `count`
    /// when `rank` is `countedCount` (past the last one). O(log n).
    func index(ofCounted rank: Int) -> Int {
        precondition(rank >= 0 && rank <= countedCount, "rank \(rank) out of 0...\(countedCount)")
        guard rank < countedCount else { return count }
        var node = root, rank = rank, base = 0
        while true {
            let left = records[node].left, leftCounted = counted(left)
            if rank < leftCounted {
                node = left
                continue
            }
            rank -= leftCounted
            if records[node].isCounted {
                if rank == 0 { return base + size(left) }
                rank -= 1
            }
            base += size(left) + 1
            node = records[node].right
        }
    }

    /// All nodes in order. O(n).
    var nodesInOrder: [Node] {
        var result: [Node] = []
        result.reserveCapacity(count)
        var stack: [Node] = []
        var node = root
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                stack.append(node)
                node = records[node].left
            }
            node = stack.removeLast()
            result.append(node)
            node = records[node].right
        }
        return result
    }

    // MARK: Changing

    /// Makes a node that is in no list yet (`attach` puts it in one).
    mutating func allocate(counted: Bool) -> Node {
        let record = CountedTreeRecord(priority: random.next(), countedInSubtree: counted ? 1 : 0, isCounted: counted)
        if let node = freeNodes.popLast() {
            records[node] = record
            return node
        }
        records.append(record)
        return records.count - 1
    }

    /// Takes the node at `index` out of the list but keeps it (and its value), to
    /// `attach` it elsewhere or `free` it.
    mutating func detach(at index: Int) -> Node {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        let (before, rest) = split(root, index)
        let (node, after) = split(rest, 1)
        root = merge(before, after)
        if root >= 0 { records[root].parent = -1 }
        records[node].parent = -1
        return node
    }

    /// Puts a detached node back so that it ends at `index` (in 0...count).
    mutating func attach(_ node: Node, at index: Int) {
        precondition(index >= 0 && index <= count, "index \(index) out of 0...\(count)")
        let (before, after) = split(root, index)
        root = merge(merge(before, node), after)
        records[root].parent = -1
    }

    /// Lets a detached node's handle be reused.
    mutating func release(_ node: Node) { freeNodes.append(node) }

    /// Changes whether `node` counts, and the totals above it. O(log n).
    mutating func setCounted(_ counted: Bool, of node: Node) {
        guard records[node].isCounted != counted else { return }
        records[node].isCounted = counted
        let delta = counted ? 1 : -1
        var ancestor = node
        while ancestor >= 0 {
            records[ancestor].countedInSubtree += delta
            ancestor = records[ancestor].parent
        }
    }

    /// Replaces everything with nodes counted as given, in O(n), and returns them in order
    /// (numbered 0..<flags.count).
    mutating func rebuild(counted flags: [Bool]) -> [Node] {
        records.removeAll(keepingCapacity: true)
        freeNodes.removeAll()
        // The treap of the new values in one pass (a Cartesian tree by priority): the
        // stack holds the right spine; a new value's priority decides how much of it
        // becomes the new node's left subtree.
        var spine: [Node] = []
        var nodes: [Node] = []
        nodes.reserveCapacity(flags.count)
        for counted in flags {
            let node = allocate(counted: counted)
            nodes.append(node)
            var lastPopped = -1
            while let top = spine.last, records[top].priority < records[node].priority {
                pull(top)  // its subtree is complete: nothing more can join it
                lastPopped = spine.removeLast()
            }
            records[node].left = lastPopped
            if let top = spine.last { records[top].right = node }
            spine.append(node)
        }
        for node in spine.reversed() { pull(node) }
        root = spine.first ?? -1
        if root >= 0 { records[root].parent = -1 }
        return nodes
    }

    // MARK: Treap

    private func size(_ node: Node) -> Int { node < 0 ? 0 : records[node].size }
    private func counted(_ node: Node) -> Int { node < 0 ? 0 : records[node].countedInSubtree }

    /// Recomputes `node`'s totals from its children, and makes it their parent.
    private mutating func pull(_ node: Node) {
        let left = records[node].left, right = records[node].right
        records[node].size = 1 + size(left) + size(right)
        records[node].countedInSubtree = (records[node].isCounted ? 1 : 0) + counted(left) + counted(right)
        if left >= 0 { records[left].parent = node }
        if right >= 0 { records[right].parent = node }
    }

    /// Splits the subtree at `node` into its first `index` values and the rest.
    private mutating func split(_ node: Node, _ index: Int) -> (Node, Node) {
        guard node >= 0 else { return (-1, -1) }
        let left = records[node].left
        if index <= size(left) {
            let (first, rest) = split(left, index)
            records[node].left = rest
            pull(node)
            return (first, node)
        } else {
            let (first, rest) = split(records[node].right, index - size(left) - 1)
            records[node].right = first
            pull(node)
            return (node, rest)
        }
    }

    /// Joins two subtrees, every value of `first` before every value of `second`.
    private mutating func merge(_ first: Node, _ second: Node) -> Node {
        if first < 0 { return second }
        if second < 0 { return first }
        if records[first].priority > records[second].priority {
            records[first].right = merge(records[first].right, second)
            pull(first)
            return first
        } else {
            records[second].left = merge(first, records[second].left)
            pull(second)
            return second
        }
    }
}

struct CountedTreeRecord {
    var left = -1
    var right = -1
    var parent = -1
    var priority: UInt64
    var size = 1
    var countedInSubtree: Int
    var isCounted: Bool
}


/// A tree can be built on one thread and used on another (`PlaceholderCollection.PreparedReload`).
extension CountedTree: Sendable where Value: Sendable {}
