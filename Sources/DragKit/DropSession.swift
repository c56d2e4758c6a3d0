/// One drag as a target sees it: the items (read live from the drag session when the drag
/// is in-app), whether they can be loaded, the current target and proposal, and the files
/// the drop loads.
///
/// A pointer drag calls `update(target:)` on every motion event; a keyboard drag calls the
/// same method when the user moves between targets. Both then call `performDrop()`.
@MainActor
public final class DropSession {
    /// The drag session, when the drag comes from this app.
    public let localDragSession: DragSession?
    private let externalItems: [DragItem]
    /// The operations the source allows (only meaningful for drags from other apps).
    public let offeredOperations: DragOperations
    public let rules: DropRules
    /// The modifier keys held now. Set it on every motion event; it is input to the rules.
    public var modifiers: DropModifiers = []
    public private(set) var target: DropTarget = .nothing
    public private(set) var proposal: DropProposal = .none

    private var facts: DropRules.DragFacts?
    private var factsItemCount = -1
    private var lease: FileLease?

    /// A target's view of a drag from inside the app.
    public init(local dragSession: DragSession, rules: DropRules = DropRules()) {
        localDragSession = dragSession
        externalItems = []
        offeredOperations = [.copy, .move]
        self.rules = rules
    }

    /// A target's view of a drag from another application (the adapter builds the items from
    /// the formats the drop offers, with loaders that read them).
    public init(external items: [DragItem], offering operations: DragOperations = [.copy],
                rules: DropRules = DropRules()) {
        localDragSession = nil
        externalItems = items
        offeredOperations = operations
        self.rules = rules
    }

    public var isLocal: Bool { localDragSession != nil }

    /// The items a drop delivers: for an in-app drag, whatever is in the drag right now.
    public var items: [DragItem] { localDragSession?.items ?? externalItems }

    /// Whether any item can be loaded as any of `types`, without loading anything.
    public func canLoad(anyOf types: [ContentType]) -> Bool {
        items.contains { $0.provider.canLoad(anyOf: types) }
    }

    /// The items the grid and albums can import, in drag order.
    public var importableItems: [DragItem] {
        items.filter { $0.localObject != nil || $0.provider.canLoad(anyOf: rules.importableTypes) }
    }

    /// Whether this is an in-app drag of containers (album rows being reordered) rather than
    /// of photos: its items stand for `ContainerID`s.
    public var carriesContainers: Bool { currentFacts().carriesContainers }

    /// The drag entered `zone`: whether the zone takes it at all (see
    /// `DropRules.entryOperation`). Does not change the session.
    public func enter(_ zone: DropZone) -> DropOperation {
        rules.entryOperation(into: zone, facts: currentFacts())
    }

    /// What dropping over `target` would do. Does not change the session. O(log k).
    public func proposal(for target: DropTarget) -> DropProposal {
        rules.proposal(for: target, facts: currentFacts(), modifiers: modifiers)
    }

    /// The pointer (or keyboard focus) is now over `target`: remembers it and its proposal.
    @discardableResult
    public func update(target: DropTarget) -> DropProposal {
        self.target = target
        proposal = proposal(for: target)
        return proposal
    }

    /// The pointer is at `point` over a target of `size`, in the target's own coordinates:
    /// remembers `target(point)` and its proposal when the point lies inside the target, and
    /// no target at all when it lies outside. A target never acts on a position outside
    /// itself: GTK can report one, as on Wayland, where a drag's `enter` (and the motion
    /// after it) can arrive in the window surface's margin, for example at (−14, −12).
    @discardableResult
    public func update(at point: Point, within size: Size, target: (Point) -> DropTarget) -> DropProposal {
        let inside = point.x.isFinite && point.y.isFinite && Rect(x: 0, y: 0, width: size.width, height: size.height).contains(point)
        return update(target: inside ? target(point) : .nothing)
    }

    /// Items only change by flocking, which only adds: the count tells whether to recompute.
    private func currentFacts() -> DropRules.DragFacts {
        let count = localDragSession?.items.count ?? externalItems.count
        if let facts, count == factsItemCount { return facts }
        let items = self.items
        let carriesContainers = isLocal && !items.isEmpty
            && items.allSatisfy { $0.localObject?.value(as: ContainerID.self) != nil }
        let importable = carriesContainers ? [] : importableItems
        var alreadyIn: [ContainerID: Int] = [:]
        for item in importable { for container in item.containers { alreadyIn[container, default: 0] += 1 } }
        let computed = DropRules.DragFacts(
            isLocal: isLocal,
            hasImportableContent: !importable.isEmpty,
            selection: localDragSession?.selection ?? MovingSelection(),
            offeredOperations: offeredOperations,
            carriesContainers: carriesContainers,
            importableCount: importable.count, alreadyIn: alreadyIn,
            offersFileList: !isLocal && items.contains { $0.provider.canLoad(anyOf: [.uriList]) })
        facts = computed
        factsItemCount = count
        return computed
    }

    /// The user let go over the current target. Re-evaluates the proposal (a modifier may
    /// have changed since the last motion), moves an in-app drag to `dropped` or `cancelled`,
    /// and says what the app must do.
    public func performDrop() throws(DragSession.PhaseError) -> DropAction {
        let proposal = update(target: target)
        let action = action(for: proposal)
        if let drag = localDragSession {
            if case .nothing = action { try drag.cancel() } else { try drag.drop() }
        }
        return action
    }

    private func action(for proposal: DropProposal) -> DropAction {
        guard proposal.performsDrop else { return .nothing }
        if let index = target.gridInsertionIndex {
            // On a photo's middle too: its flocking intent only changes what the grid shows.
            if isLocal, let selection = localDragSession?.selection {
                return .reorder(selection, insertionIndex: index,
                                finalIndex: selection.finalIndex(forInsertionIndex: index))
            }
            return .insertCopies(importableItems, at: index)
        }
        switch (target, proposal.intent) {
        case (.albumList(let index), _):
            guard let selection = localDragSession?.selection else { return .nothing }
            return .reorderContainers(selection, insertionIndex: index,
                                      finalIndex: selection.finalIndex(forInsertionIndex: index))
        case (.album(let album), _):
            // Adding skips the items already there (a move takes them all out of their album).
            let moving = proposal.operation == .move
            let items = moving ? importableItems : importableItems.filter { !$0.containers.contains(album) }
            return .addToAlbum(album, items: items, removingFromSource: moving)
        case (.deleteZone, _):
            return .moveToTrash(importableItems)
        case (.newAlbum, _):
            return .makeAlbums(importableItems)
        default:
            return .nothing
        }
    }

    /// The directory that holds the files this drop loads. Created on first use, removed by
    /// `end()`.
    public func fileLease() throws -> FileLease {
        if let lease { return lease }
        let created = try FileLease()
        lease = created
        return created
    }

    /// The drop is over (its loads have finished): removes the files it loaded.
    public func end() {
        lease?.end()
    }
}

/// What the app must do after a drop. DragKit decides; GalleryKit carries it out.
public enum DropAction: Sendable {
    /// Nothing: the drop was cancelled, forbidden or would change nothing.
    case nothing
    /// Reorder the grid: take the photos at `selection`'s indices out and put them, in
    /// order, at `finalIndex` (`insertionIndex` with the gaps they left closed).
    ///
    /// The indices count the grid's entries, placeholders included; the library, which knows
    /// no placeholders, gets its index from `PlaceholderCollection.itemIndex(forFinalIndex:moving:)`.
    case reorder(MovingSelection, insertionIndex: Int, finalIndex: Int)
    /// Reorder the album list: the album rows at `selection`'s indices (among the albums)
    /// go to `finalIndex`, by the same arithmetic as `reorder`.
    case reorderContainers(MovingSelection, insertionIndex: Int, finalIndex: Int)
    /// Import copies of these items at `index`: insert placeholders there and load them
    /// (see `DropSession.loadItems`). In a grid of `GridOrder.arranged`, `index` is only
    /// where the placeholders show while loading: the photos join the end of the user's own
    /// order and the grid shows them at their place in its order.
    case insertCopies([DragItem], at: Int)
    /// Add the photos to an album; with `removingFromSource`, take them out of the album
    /// they were dragged from.
    case addToAlbum(ContainerID, items: [DragItem], removingFromSource: Bool)
    case moveToTrash([DragItem])
    /// Make an album of each folder the items' file list holds, named after it, holding
    /// the photos a folder import takes (what the list holds besides folders is the app's
    /// to decide).
    case makeAlbums([DragItem])
}
