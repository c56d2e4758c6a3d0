import ChangeKit

/// Replacing the items wholesale, keeping (or setting aside) the placeholders.
extension PlaceholderCollection {
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
}
