import ChangeKit

/// The ordered model behind a view: real items and placeholders for items still loading.
///
/// Every change is incremental and is reported to observers as `ChangeStep`s of entries, the
/// same vocabulary the library speaks, so the view can animate it. Placeholders survive
/// every change, including `reload`; only their own `delete()` removes them, and their
/// contexts always know their current index.
///
/// Indices are positions among all entries, placeholders included: the positions the grid
/// shows and the positions drop proposals speak of. *Item indices* are positions among the
/// real items only (the library's order, which knows no placeholders). `apply(_:)` takes the
/// library's steps in item indices and reports them in entry indices.
///
/// Costs, for n entries and p live placeholders: O(log n) per change, per conversion
/// between item and entry indices, per placeholder index and per lookup by id (the entries
/// are a `CountedTree` that counts the items in every subtree; placeholders and ids hold
/// its stable nodes). O(p log n) for `placeholders` and the reorder conversion; O(n) for
/// `entries`, `items` and `reload`, and for the first lookup by id after a reload.
@MainActor
public final class PlaceholderCollection<Element> {
    public enum Entry {
        case item(Element)
        case placeholder(PlaceholderID)

        public var item: Element? {
            if case .item(let element) = self { return element }
            return nil
        }
    }

    var tree = CountedTree<Entry>()
    /// Unresolved placeholders, in no particular order.
    var live: [PlaceholderContext<Element>] = []
    var nextID = 0
    /// How to tell items apart, when lookups by id are wanted; and where each id is.
    let identify: ((Element) -> AnyHashable)?
    /// Made at the first lookup after a reload, then kept up to date: a reload of 100,000
    /// items spent half its time (a tenth of a second of the main thread, at the open)
    /// filling it, and only a user's action (a drag, the viewer) looks an id up.
    var nodeByID: [AnyHashable: CountedTree<Entry>.Node]?
    var changeObservers: [Int: @MainActor ([ChangeStep<Entry>]) -> Void] = [:]
    var reloadObservers: [Int: @MainActor () -> Void] = [:]
    var placeholderObservers: [Int: @MainActor (PlaceholderContext<Element>) -> Void] = [:]
    var nextObserverID = 0
    /// Steps held back while `apply(_:)` runs, so a library batch reaches observers as one.
    var heldSteps: [ChangeStep<Entry>]?

    public init<Elements: Sequence<Element>>(_ elements: Elements) {
        identify = nil
        _ = tree.rebuild(elements.map { (value: Entry.item($0), counted: true) })
    }

    /// A collection that can find its items by `id` in O(log n) (`index(ofItemWithID:)`).
    /// Ids must be unique among the items.
    public init<Elements: Sequence<Element>, ID: Hashable>(_ elements: Elements, id: @escaping (Element) -> ID) {
        identify = { AnyHashable(id($0)) }
        let elements = Array(elements)
        _ = tree.rebuild(elements.map { (value: Entry.item($0), counted: true) })
    }

    public var count: Int { tree.count }
    /// The number of real items. O(1).
    public var itemCount: Int { tree.countedCount }
    /// The entry at `position`. O(log n).
    public subscript(position: Int) -> Entry { tree.value(of: tree.node(at: position)) }

    /// All entries, in order. O(n).
    public var entries: [Entry] { tree.allValues }

    /// The real items, in order. O(n).
    public var items: [Element] { entries.compactMap(\.item) }

    /// The unresolved placeholders in the entries (not those set aside), in index order.
    public var placeholders: [PlaceholderContext<Element>] {
        live.map { ($0, tree.index(of: $0.node)) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Whether any placeholder is still waiting for its item.
    public var hasPlaceholders: Bool { !live.isEmpty }

    /// The entry index of the item with this id (see `init(_:id:)`), if it is here. O(log n).
    public func index<ID: Hashable>(ofItemWithID id: ID) -> Int? {
        nodesByID()[AnyHashable(id)].map { tree.index(of: $0) }
    }

    /// The number of real items before `index`: where the library would insert an item that
    /// the view shows at `index`. O(log n).
    public func itemIndex(forEntryAt index: Int) -> Int {
        tree.countedBefore(min(max(0, index), count))
    }

    /// The entry index of the real item at `itemIndex`, or `count` when `itemIndex` is
    /// `itemCount` (past the last item, and after any placeholders there). O(log n).
    public func entryIndex(forItemAt itemIndex: Int) -> Int {
        tree.index(ofCounted: itemIndex)
    }

    /// Where the library must put the real items at `selection`'s entry indices so that the
    /// first of them lands at entry `finalIndex` (a reorder's final index, see
    /// `MovingSelection.finalIndex(forInsertionIndex:)`): the number of real items that are
    /// not moved and end up before it. That is the index a library that knows no
    /// placeholders wants, counted among its items without the moved ones. O(p log n).
    public func itemIndex(forFinalIndex finalIndex: Int, moving selection: MovingSelection) -> Int {
        // Without the moved entries, a placeholder at entry p sits at p - countBefore(p);
        // the entries before `finalIndex` there are the unmoved ones the moved items follow.
        let placeholdersBefore = live.reduce(0) { count, context in
            let position = tree.index(of: context.node)
            return count + (position - selection.countBefore(position) < finalIndex ? 1 : 0)
        }
        return finalIndex - placeholdersBefore
    }

    // MARK: The library's changes

    /// Applies the library's steps, which speak in item indices, and reports them to
    /// observers as one batch in entry indices. O(log n) per step.
    ///
    /// An inserted element for which `placeholder` returns a live, loading placeholder
    /// commits into it: the placeholder becomes the item where it is now (and then moves to
    /// the library's index, if the two differ, so the items keep the library's order). Any
    /// other insert goes in before the item now at its item index, after any placeholders
    /// there.
    public func apply(
        _ steps: [ChangeStep<Element>],
        placeholder: (Element) -> PlaceholderContext<Element>? = { _ in nil }
    ) {
        holdingSteps {
            for step in steps {
                switch step {
                case .insert(let element, let itemIndex):
                    if let context = placeholder(element), let position = context.commit(element) {
                        let landed = tree.countedBefore(position)
                        if landed != itemIndex { moveItem(at: position, toItemIndex: itemIndex) }
                    } else {
                        // Past the end means at the end, as an array-backed model allowed.
                        insert(element, at: entryIndex(forItemAt: min(itemIndex, itemCount)))
                    }
                case .remove(let itemIndex):
                    remove(at: entryIndex(forItemAt: itemIndex))
                case .move(let from, let to):
                    moveItem(at: entryIndex(forItemAt: from), toItemIndex: to)
                case .update(let element, let itemIndex):
                    replace(at: entryIndex(forItemAt: itemIndex), with: element)
                }
            }
        }
    }

    /// Moves the item at entry `source` so that it ends at item index `itemIndex` among the
    /// others: before the item there, after any placeholders before that item.
    private func moveItem(at source: Int, toItemIndex itemIndex: Int) {
        let node = tree.detach(at: source)
        let destination = tree.index(ofCounted: min(itemIndex, tree.countedCount))
        tree.attach(node, at: destination)
        if source != destination { notify([.move(from: source, to: destination)]) }
    }

    // MARK: Changes in entry indices

    public func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "insert index \(index) out of 0...\(count)")
        let node = tree.insert(.item(element), counted: true, at: index)
        if let identify { nodeByID?[identify(element)] = node }
        notify([.insert(.item(element), at: index)])
    }

    /// Removes the real item at `index`. Removing a placeholder this way is a programming
    /// error: only its context's `delete()` may remove it.
    @discardableResult
    public func remove(at index: Int) -> Element {
        guard case .item(let element) = self[index] else {
            preconditionFailure("entry \(index) is a placeholder: delete it through its context")
        }
        let node = tree.detach(at: index)
        tree.free(node)
        forgetID(of: element, at: node)
        notify([.remove(at: index)])
        return element
    }

    /// Exchanges the real item at `index` for a new version of it (its content
    /// changed, not its place): reported as `.update`, so a view updates the
    /// cell in place. Replacing a placeholder this way is a programming error.
    public func replace(at index: Int, with element: Element) {
        let node = tree.node(at: index)
        guard case .item(let old) = tree.value(of: node) else {
            preconditionFailure("entry \(index) is a placeholder: commit it through its context")
        }
        forgetID(of: old, at: node)
        tree.setValue(.item(element), counted: true, of: node)
        if let identify { nodeByID?[identify(element)] = node }
        notify([.update(.item(element), at: index)])
    }

    /// Moves the entry at `source` so that it ends at `destination` (array semantics: remove,
    /// then insert). Placeholders may be moved too; they keep tracking their index.
    public func move(from source: Int, to destination: Int) {
        precondition(source >= 0 && source < count && destination >= 0 && destination < count,
                     "move \(source) → \(destination) out of bounds (count \(count))")
        guard source != destination else { return }
        tree.attach(tree.detach(at: source), at: destination)
        notify([.move(from: source, to: destination)])
    }

    // MARK: Bookkeeping

    func resolve(_ context: PlaceholderContext<Element>) {
        removeFromLive(context)
        context.markResolved()
    }

    func removeFromLive(_ context: PlaceholderContext<Element>) {
        // `live` is unordered and each context knows its slot: swap-remove in O(1).
        let slot = context.liveSlot
        live[slot] = live[live.count - 1]
        live[slot].liveSlot = slot
        live.removeLast()
    }

    private func forgetID(of element: Element, at node: CountedTree<Entry>.Node) {
        guard let identify, nodeByID != nil else { return }
        let id = identify(element)
        if nodeByID?[id] == node { nodeByID?[id] = nil }
    }

    /// The node of every item by id (see `nodeByID`), made now if a reload dropped it. O(n) then.
    private func nodesByID() -> [AnyHashable: CountedTree<Entry>.Node] {
        if let nodeByID { return nodeByID }
        var made: [AnyHashable: CountedTree<Entry>.Node] = [:]
        if let identify {
            made.reserveCapacity(tree.countedCount)
            for node in tree.nodes {
                if case .item(let element) = tree.value(of: node) { made[identify(element)] = node }
            }
        }
        nodeByID = made
        return made
    }

    private func holdingSteps(_ body: () -> Void) {
        guard heldSteps == nil else { return body() }
        heldSteps = []
        body()
        let steps = heldSteps ?? []
        heldSteps = nil
        if !steps.isEmpty { notify(steps) }
    }

    func notify(_ steps: [ChangeStep<Entry>]) {
        if heldSteps != nil {
            heldSteps! += steps
            return
        }
        for observer in changeObservers.values { observer(steps) }
    }
}

extension PlaceholderCollection.Entry: Equatable where Element: Equatable {}
extension PlaceholderCollection.Entry: Sendable where Element: Sendable {}
