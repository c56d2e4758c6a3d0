extension Array {
    /// Steps that turn this list into `target` (`apply(_:)` them to get `target`), for a
    /// view derived from another list (a sorted or filtered grid) whose source changed:
    /// removals of what is gone, then, position by position, a move, an insert or an
    /// update. Elements are matched by `id`; an element whose id stays but whose value
    /// changed gets an update.
    ///
    /// Cost O(n + d·k) for d displaced elements found k places on; a small change of a
    /// large list costs O(n). Returns nil when more than `limit` steps would be needed:
    /// the caller then replaces the list wholesale (a new sort, a new query).
    public func changeSteps<ID: Hashable>(to target: [Element], id: (Element) -> ID, limit: Int,
                                          changed: (Element, Element) -> Bool) -> [ChangeStep<Element>]? {
        var steps: [ChangeStep<Element>] = []
        let targetIDs = Set(target.map(id))
        var current = self
        // Removals from the end, so earlier indices stay valid.
        for index in current.indices.reversed() where !targetIDs.contains(id(current[index])) {
            steps.append(.remove(at: index))
            current.remove(at: index)
            if steps.count > limit { return nil }
        }
        var currentIDs = Set(current.map(id))
        for (index, element) in target.enumerated() {
            let wanted = id(element)
            if index < current.count, id(current[index]) == wanted {
                if changed(current[index], element) {
                    steps.append(.update(element, at: index))
                    current[index] = element
                }
            } else if currentIDs.contains(wanted) {
                // Everything before `index` is in place, so it is further on.
                guard let from = current[(index + 1)...].firstIndex(where: { id($0) == wanted }) else { return nil }
                steps.append(.move(from: from, to: index))
                current.insert(current.remove(at: from), at: index)
                if changed(current[index], element) {
                    steps.append(.update(element, at: index))
                    current[index] = element
                }
            } else {
                steps.append(.insert(element, at: index))
                current.insert(element, at: index)
                currentIDs.insert(wanted)
            }
            if steps.count > limit { return nil }
        }
        return steps
    }
}
