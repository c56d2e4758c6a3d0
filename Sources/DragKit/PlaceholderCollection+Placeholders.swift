import ChangeKit

/// Placeholders: inserting them, and what their contexts ask of the collection.
extension PlaceholderCollection {
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

    // For contexts

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
}
