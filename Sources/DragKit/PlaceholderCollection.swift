/// The ordered model behind a view: real items and placeholders for items still loading.
///
/// Every change is incremental and is reported to observers as `CollectionChange` steps, so
/// the view can animate it. Placeholders survive every change, including `reload`; only
/// their own `delete()` removes them, and their contexts always know their current index.
///
/// Indices are positions among all entries, placeholders included: the positions the grid
/// shows and the positions drop proposals speak of. `itemIndex(forEntryAt:)` converts to a
/// position among real items only (the library's order, which knows no placeholders).
///
/// Costs: O(n + p) per change for n entries and p live placeholders (an array shift plus
/// updating each live placeholder's index); O(1) to find a placeholder's index, commit or
/// delete it (plus the shift a delete needs).
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

    public private(set) var entries: [Entry]
    /// Unresolved placeholders, in no particular order.
    private var live: [PlaceholderContext<Element>] = []
    private var nextID = 0
    private var changeObservers: [Int: @MainActor ([CollectionChange]) -> Void] = [:]
    private var placeholderObservers: [Int: @MainActor (PlaceholderContext<Element>) -> Void] = [:]
    private var nextObserverID = 0

    public init<Elements: Sequence<Element>>(_ elements: Elements) {
        entries = elements.map { .item($0) }
    }

    public var count: Int { entries.count }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The real items, in order. O(n).
    public var items: [Element] { entries.compactMap(\.item) }

    /// The unresolved placeholders, in index order.
    public var placeholders: [PlaceholderContext<Element>] { live.sorted { $0.position < $1.position } }

    /// Whether any placeholder is still waiting for its item.
    public var hasPlaceholders: Bool { !live.isEmpty }

    /// The number of real items before `index`: where the library would insert an item that
    /// the view shows at `index`. O(p).
    public func itemIndex(forEntryAt index: Int) -> Int {
        index - live.reduce(0) { $0 + ($1.position < index ? 1 : 0) }
    }

    /// Where the library must put the real items at `selection`'s entry indices so that the
    /// first of them lands at entry `finalIndex` (a reorder's final index, see
    /// `MovingSelection.finalIndex(forInsertionIndex:)`): the number of real items that are
    /// not moved and end up before it. That is the index a library that knows no
    /// placeholders wants, counted among its items without the moved ones. O(p log k).
    public func itemIndex(forFinalIndex finalIndex: Int, moving selection: MovingSelection) -> Int {
        // Without the moved entries, a placeholder at entry p sits at p - countBefore(p);
        // the entries before `finalIndex` there are the unmoved ones the moved items follow.
        let placeholdersBefore = live.reduce(0) { count, context in
            count + (context.position - selection.countBefore(context.position) < finalIndex ? 1 : 0)
        }
        return finalIndex - placeholdersBefore
    }

    // MARK: Changes

    public func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= entries.count, "insert index \(index) out of 0...\(entries.count)")
        shiftPlaceholders(insertingAt: index)
        entries.insert(.item(element), at: index)
        notify([.insert(at: index)])
    }

    /// Removes the real item at `index`. Removing a placeholder this way is a programming
    /// error: only its context's `delete()` may remove it.
    @discardableResult
    public func remove(at index: Int) -> Element {
        guard case .item(let element) = entries[index] else {
            preconditionFailure("entry \(index) is a placeholder: delete it through its context")
        }
        entries.remove(at: index)
        shiftPlaceholders(removingAt: index)
        notify([.remove(at: index)])
        return element
    }

    /// Exchanges the real item at `index` for a new version of it (its content
    /// changed, not its place): reported as `.replace(at:)`, so a view updates the
    /// cell in place. Replacing a placeholder this way is a programming error.
    public func replace(at index: Int, with element: Element) {
        guard case .item = entries[index] else {
            preconditionFailure("entry \(index) is a placeholder: commit it through its context")
        }
        entries[index] = .item(element)
        notify([.replace(at: index)])
    }

    /// Moves the entry at `source` so that it ends at `destination` (array semantics: remove,
    /// then insert). Placeholders may be moved too; they keep tracking their index.
    public func move(from source: Int, to destination: Int) {
        precondition(entries.indices.contains(source) && entries.indices.contains(destination),
                     "move \(source) → \(destination) out of bounds (count \(entries.count))")
        guard source != destination else { return }
        let entry = entries.remove(at: source)
        entries.insert(entry, at: destination)
        for context in live {
            if context.position == source {
                context.position = destination
            } else {
                if context.position > source { context.position -= 1 }
                if context.position >= destination { context.position += 1 }
            }
        }
        notify([.move(from: source, to: destination)])
    }

    /// Inserts a placeholder at `index` and returns its context.
    public func insertPlaceholder(at index: Int) -> PlaceholderContext<Element> {
        precondition(index >= 0 && index <= entries.count, "insert index \(index) out of 0...\(entries.count)")
        let id = PlaceholderID(rawValue: nextID)
        nextID += 1
        shiftPlaceholders(insertingAt: index)
        let context = PlaceholderContext(id: id, position: index, collection: self)
        context.liveSlot = live.count
        live.append(context)
        entries.insert(.placeholder(id), at: index)
        notify([.insert(at: index)])
        return context
    }

    /// Replaces the real items wholesale (the library was re-sorted or re-read) while keeping
    /// every live placeholder: each stays at its index, or at the end if the collection got
    /// shorter, and placeholders keep their order.
    public func reload<Elements: Sequence<Element>>(_ elements: Elements) {
        let newItems = Array(elements)
        let kept = placeholders
        var rebuilt: [Entry] = []
        rebuilt.reserveCapacity(newItems.count + kept.count)
        var nextItem = newItems.startIndex
        for (order, context) in kept.enumerated() {
            let target = min(context.position, newItems.count + order)
            while rebuilt.count < target {
                rebuilt.append(.item(newItems[nextItem]))
                nextItem += 1
            }
            context.position = rebuilt.count
            rebuilt.append(.placeholder(context.id))
        }
        rebuilt.append(contentsOf: newItems[nextItem...].map { .item($0) })
        entries = rebuilt
        notify([.reload])
    }

    // MARK: Observation

    /// Calls `handler` with the steps of every change, in order.
    public func observeChanges(_ handler: @escaping @MainActor ([CollectionChange]) -> Void) -> Observation {
        let id = takeObserverID()
        changeObservers[id] = handler
        return Observation { [weak self] in self?.changeObservers[id] = nil }
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

    func commit(_ context: PlaceholderContext<Element>, with element: Element) -> Int {
        let index = context.position
        entries[index] = .item(element)
        resolve(context)
        notify([.replace(at: index)])
        return index
    }

    func delete(_ context: PlaceholderContext<Element>) {
        let index = context.position
        entries.remove(at: index)
        resolve(context)
        shiftPlaceholders(removingAt: index)
        notify([.remove(at: index)])
    }

    func placeholderDidChange(_ context: PlaceholderContext<Element>) {
        for observer in placeholderObservers.values { observer(context) }
    }

    // MARK: Bookkeeping

    private func resolve(_ context: PlaceholderContext<Element>) {
        // `live` is unordered and each context knows its slot: swap-remove in O(1).
        let slot = context.liveSlot
        live[slot] = live[live.count - 1]
        live[slot].liveSlot = slot
        live.removeLast()
        context.markResolved()
    }

    private func shiftPlaceholders(insertingAt index: Int) {
        for context in live where context.position >= index { context.position += 1 }
    }

    private func shiftPlaceholders(removingAt index: Int) {
        for context in live where context.position > index { context.position -= 1 }
    }

    private func notify(_ changes: [CollectionChange]) {
        for observer in changeObservers.values { observer(changes) }
    }
}
