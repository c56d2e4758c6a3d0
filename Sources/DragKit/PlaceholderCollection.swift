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

    private var tree = CountedTree<Entry>()
    /// Unresolved placeholders, in no particular order.
    private var live: [PlaceholderContext<Element>] = []
    private var nextID = 0
    /// How to tell items apart, when lookups by id are wanted; and where each id is.
    private let identify: ((Element) -> AnyHashable)?
    /// Made at the first lookup after a reload, then kept up to date: a reload of 100,000
    /// items spent half its time (a tenth of a second of the main thread, at the open)
    /// filling it, and only a user's action (a drag, the viewer) looks an id up.
    private var nodeByID: [AnyHashable: CountedTree<Entry>.Node]?
    private var changeObservers: [Int: @MainActor ([ChangeStep<Entry>]) -> Void] = [:]
    private var reloadObservers: [Int: @MainActor () -> Void] = [:]
    private var placeholderObservers: [Int: @MainActor (PlaceholderContext<Element>) -> Void] = [:]
    private var nextObserverID = 0
    /// Steps held back while `apply(_:)` runs, so a library batch reaches observers as one.
    private var heldSteps: [ChangeStep<Entry>]?

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

    /// Inserts a placeholder at `index` and returns its context.
    public func insertPlaceholder(at index: Int) -> PlaceholderContext<Element> {
        insertPlaceholders(count: 1, at: index)[0]
    }

    /// Inserts `count` placeholders side by side from `index` and returns their contexts, in
    /// order. Observers hear them as one change (a drop of 1,000 files is one update of the
    /// view, not 1,000); `prepare` meets each new context (and its offset) before they do,
    /// so what they are shown is complete. O(count log n).
    public func insertPlaceholders(
        count placeholderCount: Int, at index: Int,
        prepare: (_ context: PlaceholderContext<Element>, _ offset: Int) -> Void = { _, _ in }
    ) -> [PlaceholderContext<Element>] {
        precondition(index >= 0 && index <= count, "insert index \(index) out of 0...\(count)")
        var contexts: [PlaceholderContext<Element>] = []
        var steps: [ChangeStep<Entry>] = []
        contexts.reserveCapacity(placeholderCount)
        steps.reserveCapacity(placeholderCount)
        for position in index..<(index + max(0, placeholderCount)) {
            let id = PlaceholderID(rawValue: nextID)
            nextID += 1
            let node = tree.insert(.placeholder(id), counted: false, at: position)
            let context = PlaceholderContext(id: id, node: node, collection: self)
            context.liveSlot = live.count
            live.append(context)
            prepare(context, contexts.count)
            contexts.append(context)
            steps.append(.insert(.placeholder(id), at: position))
        }
        if !steps.isEmpty { notify(steps) }
        return contexts
    }

    /// Placeholders whose items are ready together, in runs that one library batch each can
    /// commit: a run's placeholders have no real item between them, so the library inserts
    /// their items side by side at the run's `itemIndex`, in the run's order, and each lands
    /// where its placeholder is (other placeholders between them do not count: the library
    /// knows none). Runs come in entry order; committing one shifts the item indices of those
    /// after it, so commit the first and ask again. Resolved and set-aside placeholders are
    /// left out (they have no place here). O(k log n) for k placeholders.
    public func commitRuns(_ contexts: [PlaceholderContext<Element>]) -> [PlaceholderCommitRun<Element>] {
        let placed = contexts.compactMap { context in context.index.map { (context, $0) } }.sorted { $0.1 < $1.1 }
        var runs: [PlaceholderCommitRun<Element>] = []
        for (context, position) in placed {
            let itemIndex = tree.countedBefore(position)
            if let last = runs.last, last.itemIndex == itemIndex {
                runs[runs.count - 1].placeholders.append(context)
            } else {
                runs.append(PlaceholderCommitRun(entryIndex: position, itemIndex: itemIndex, placeholders: [context]))
            }
        }
        return runs
    }

    /// Replaces the real items wholesale (the library was re-sorted or re-read) while keeping
    /// every live placeholder: each stays at its index, or at the end if the collection got
    /// shorter, and placeholders keep their order. Reported to `observeReloads`, not as steps.
    ///
    /// Placeholders for which `keep` is false are set aside instead (the collection now
    /// shows another view, and they belong to the old one): they leave the entries but stay
    /// unresolved, with no index, so their loads can finish elsewhere
    /// (`PlaceholderContext.isSetAside`).
    public func reload<Elements: Sequence<Element>>(
        _ elements: Elements, keeping keep: (PlaceholderContext<Element>) -> Bool = { _ in true }
    ) {
        setAside(where: { !keep($0) })
        rebuildKeepingPlaceholders(Array(elements))
        finishReload()
    }

    /// `reload(_:keeping:)` with entries made beforehand, off the main thread: with no
    /// placeholder left in the entries, the prepared tree replaces the old one in O(1).
    public func reload(
        _ prepared: PreparedReload, keeping keep: (PlaceholderContext<Element>) -> Bool = { _ in true }
    ) {
        setAside(where: { !keep($0) })
        if live.isEmpty { tree = prepared.tree } else { rebuildKeepingPlaceholders(prepared.items) }
        finishReload()
    }

    private func setAside(where leaves: (PlaceholderContext<Element>) -> Bool) {
        for context in placeholders where leaves(context) {
            removeFromLive(context)
            context.isSetAside = true
        }
    }

    /// The tree of `newItems` with every live placeholder at its index (or at the end).
    private func rebuildKeepingPlaceholders(_ newItems: [Element]) {
        let kept = placeholders
        let keptPositions = kept.map { tree.index(of: $0.node) }
        var rebuilt: [(value: Entry, counted: Bool)] = []
        rebuilt.reserveCapacity(newItems.count + kept.count)
        var placeholderSlots: [Int] = []
        var nextItem = newItems.startIndex
        for (order, position) in keptPositions.enumerated() {
            let target = min(position, newItems.count + order)
            while rebuilt.count < target {
                rebuilt.append((value: .item(newItems[nextItem]), counted: true))
                nextItem += 1
            }
            placeholderSlots.append(rebuilt.count)
            rebuilt.append((value: .placeholder(kept[order].id), counted: false))
        }
        rebuilt.append(contentsOf: newItems[nextItem...].map { (value: Entry.item($0), counted: true) })
        let nodes = tree.rebuild(rebuilt)
        for (context, slot) in zip(kept, placeholderSlots) { context.node = nodes[slot] }
    }

    private func finishReload() {
        nodeByID = nil
        heldSteps = heldSteps.map { _ in [] }  // whatever was held is subsumed by the reload
        for observer in reloadObservers.values { observer() }
    }

    // MARK: Observation

    /// Calls `handler` with the steps of every change, in order, in entry indices. A library
    /// batch given to `apply(_:)` arrives as one call.
    public func observeChanges(_ handler: @escaping @MainActor ([ChangeStep<Entry>]) -> Void) -> Observation {
        let id = takeObserverID()
        changeObservers[id] = handler
        return Observation { [weak self] in self?.changeObservers[id] = nil }
    }

    /// Calls `handler` after every `reload`: read the entries afresh.
    public func observeReloads(_ handler: @escaping @MainActor () -> Void) -> Observation {
        let id = takeObserverID()
        reloadObservers[id] = handler
        return Observation { [weak self] in self?.reloadObservers[id] = nil }
    }

    /// Calls `handler` when a placeholder's progress or state changes (not its index: that is
    /// what `observeChanges` reports).
    public func observePlaceholders(
        _ handler: @escaping @MainActor (PlaceholderContext<Element>) -> Void
    ) -> Observation {
        let id = takeObserverID()
        placeholderObservers[id] = handler
        return Observation { [weak self] in self?.placeholderObservers[id] = nil }
    }

    private func takeObserverID() -> Int {
        defer { nextObserverID += 1 }
        return nextObserverID
    }

    // MARK: For contexts

    func index(of context: PlaceholderContext<Element>) -> Int { tree.index(of: context.node) }

    func commit(_ context: PlaceholderContext<Element>, with element: Element) -> Int {
        let index = tree.index(of: context.node)
        tree.setValue(.item(element), counted: true, of: context.node)
        if let identify { nodeByID?[identify(element)] = context.node }
        resolve(context)
        notify([.update(.item(element), at: index)])
        return index
    }

    func delete(_ context: PlaceholderContext<Element>) {
        guard !context.isSetAside else {
            // Not in the entries any more: no step, but its observers hear that it ended.
            context.markResolved()
            return placeholderDidChange(context)
        }
        let index = tree.index(of: context.node)
        tree.free(tree.detach(at: index))
        resolve(context)
        notify([.remove(at: index)])
    }

    func placeholderDidChange(_ context: PlaceholderContext<Element>) {
        for observer in placeholderObservers.values { observer(context) }
    }

    // MARK: Bookkeeping

    private func resolve(_ context: PlaceholderContext<Element>) {
        removeFromLive(context)
        context.markResolved()
    }

    private func removeFromLive(_ context: PlaceholderContext<Element>) {
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

    private func notify(_ steps: [ChangeStep<Entry>]) {
        if heldSteps != nil {
            heldSteps! += steps
            return
        }
        for observer in changeObservers.values { observer(steps) }
    }
}

/// Placeholders that one library batch can commit (`PlaceholderCollection.commitRuns`).
@MainActor
public struct PlaceholderCommitRun<Element> {
    /// The entry index of the first placeholder.
    public let entryIndex: Int
    /// Where the library inserts the run's items, among its items: the real items before
    /// the first placeholder.
    public let itemIndex: Int
    /// In entry order: the order to commit their items in.
    public fileprivate(set) var placeholders: [PlaceholderContext<Element>]
}

extension PlaceholderCollection.Entry: Equatable where Element: Equatable {}
extension PlaceholderCollection.Entry: Sendable where Element: Sendable {}
