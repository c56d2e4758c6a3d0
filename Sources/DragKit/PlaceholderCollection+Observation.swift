import ChangeKit

/// Who hears of changes, reloads and placeholders.
extension PlaceholderCollection {
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
}
