/// The drop targets a keyboard drag can reach, in Tab order: the grid, the album rows, the
/// delete zone.
public struct KeyboardDropTargets: Hashable, Sendable {
    /// The number of entries in the grid: insertion indices run over `0...gridCount`.
    public var gridCount: Int
    public var albums: [ContainerID]
    public var includesDeleteZone: Bool

    public init(gridCount: Int, albums: [ContainerID] = [], includesDeleteZone: Bool = true) {
        self.gridCount = gridCount
        self.albums = albums
        self.includesDeleteZone = includesDeleteZone
    }
}

/// A drag driven from the keyboard: pick up the selection, move the drop point with arrows
/// or between targets with Tab, then drop (Enter) or cancel (Escape).
///
/// It has no rules of its own: it moves a `DropSession` between targets exactly as pointer
/// motion does, so it sees the same proposals, and its drop yields the same `DropAction`
/// (and so the same placeholders).
@MainActor
public final class KeyboardDrag {
    public let dragSession: DragSession
    public let dropSession: DropSession
    public var targets: KeyboardDropTargets
    /// Where the drop point was last in the grid, so Tab returns there.
    private var gridIndex: Int

    /// Picks up `dragSession` (which moves to `dragging`) and puts the drop point where the
    /// selection already is, so an immediate drop changes nothing.
    public init(picking dragSession: DragSession, targets: KeyboardDropTargets,
                rules: DropRules = DropRules()) throws(DragSession.PhaseError) {
        self.dragSession = dragSession
        self.targets = targets
        dropSession = DropSession(local: dragSession, rules: rules)
        gridIndex = min(targets.gridCount, dragSession.selection.sortedIndices.first ?? targets.gridCount)
        try dragSession.beginDragging()
        dropSession.update(target: .grid(insertionIndex: gridIndex))
    }

    public var target: DropTarget { dropSession.target }
    public var proposal: DropProposal { dropSession.proposal }

    /// Goes straight to `target` (a grid index is clamped to `0...gridCount`).
    @discardableResult
    public func choose(_ target: DropTarget) -> DropProposal {
        var target = target
        if case .grid(let index) = target {
            gridIndex = min(targets.gridCount, max(0, index))
            target = .grid(insertionIndex: gridIndex)
        }
        return dropSession.update(target: target)
    }

    /// Moves the drop point in the grid by `offset` positions (±1 for Left/Right, ±columns
    /// for Up/Down). From another target, returns to the grid first.
    @discardableResult
    public func moveInsertionPoint(by offset: Int) -> DropProposal {
        if case .grid = target {
            return choose(.grid(insertionIndex: gridIndex + offset))
        }
        return choose(.grid(insertionIndex: gridIndex))
    }

    /// Move Earlier: the drop point just before the item that precedes the first picked one,
    /// so the picked items land one place earlier (gathered there, if they were scattered).
    /// At the start of the grid, the drop point is the start.
    @discardableResult
    public func moveSelectionEarlier() -> DropProposal {
        guard let first = dragSession.selection.sortedIndices.first else { return proposal }
        return choose(.grid(insertionIndex: first - 1))
    }

    /// Move Later: the drop point just after the item that follows the last picked one, so
    /// the picked items land one place later (gathered, if they were scattered). At the end
    /// of the grid, the drop point is the end.
    @discardableResult
    public func moveSelectionLater() -> DropProposal {
        guard let last = dragSession.selection.sortedIndices.last else { return proposal }
        return choose(.grid(insertionIndex: last + 2))
    }

    /// Tab: the next target, cycling grid → albums → delete zone → grid.
    @discardableResult
    public func nextTarget() -> DropProposal { stepTarget(by: 1) }

    /// Shift+Tab: the previous target.
    @discardableResult
    public func previousTarget() -> DropProposal { stepTarget(by: -1) }

    private func stepTarget(by step: Int) -> DropProposal {
        var cycle: [DropTarget] = [.grid(insertionIndex: gridIndex)]
        cycle += targets.albums.map(DropTarget.album)
        if targets.includesDeleteZone { cycle.append(.deleteZone) }
        let current = cycle.firstIndex(of: target) ?? 0
        let next = ((current + step) % cycle.count + cycle.count) % cycle.count
        return choose(cycle[next])
    }

    /// Drops on the current target.
    public func drop() throws(DragSession.PhaseError) -> DropAction {
        try dropSession.performDrop()
    }

    /// Abandons the drag.
    public func cancel() throws(DragSession.PhaseError) {
        dropSession.update(target: .nothing)
        try dragSession.cancel()
    }
}
