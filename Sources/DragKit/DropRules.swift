/// What Drover's targets do with a drag: the one place these rules live. Pointer drags,
/// keyboard drags and paste all ask here, so they can never disagree.
///
/// A proposal costs O(log k) for k dragged items: everything that depends only on the items
/// (can they be imported, where did they come from) is computed once per change of the items
/// by `DropSession`, never per motion event.
public struct DropRules: Sendable {
    /// The types the grid and album rows import, best first: the in-app identifier (no data
    /// to copy), then image formats, then file lists.
    public var importableTypes: [ContentType]
    /// How the grid (and the viewer, which shows one of its photos) orders its items.
    public var gridOrder: GridOrder

    public init(importableTypes: [ContentType] = [.photoID, .png, .jpeg, .uriList], gridOrder: GridOrder = .own) {
        self.importableTypes = importableTypes
        self.gridOrder = gridOrder
    }

    /// The facts about a drag that the rules need, computed once per change of its items.
    public struct DragFacts: Sendable {
        /// The drag comes from this app.
        public var isLocal: Bool
        /// At least one item offers an importable type.
        public var hasImportableContent: Bool
        /// The grid positions of the dragged photos, for local drags.
        public var selection: MovingSelection
        /// The operations the source allows.
        public var offeredOperations: DragOperations
        /// The drag carries containers (album rows being reordered), not photos. Such a drag
        /// only goes between the album rows, and its `selection` holds the rows' indices.
        public var carriesContainers: Bool
        /// How many importable items there are, and how many of them each container already
        /// holds (counted once per change of the items, so a proposal stays O(1) here).
        public var importableCount: Int
        public var alreadyIn: [ContainerID: Int]
        /// The drag offers a file list (`ContentType.uriList`): what a file manager drags,
        /// and the only drag that can hold folders. Known from the offered types alone,
        /// before anything is read (GTK reads a drop's data only on drop).
        public var offersFileList: Bool

        public init(isLocal: Bool, hasImportableContent: Bool,
                    selection: MovingSelection = MovingSelection(),
                    offeredOperations: DragOperations = [.copy, .move],
                    carriesContainers: Bool = false,
                    importableCount: Int = 0, alreadyIn: [ContainerID: Int] = [:],
                    offersFileList: Bool = false) {
            self.isLocal = isLocal
            self.hasImportableContent = hasImportableContent
            self.selection = selection
            self.offeredOperations = offeredOperations
            self.carriesContainers = carriesContainers
            self.importableCount = importableCount
            self.alreadyIn = alreadyIn
            self.offersFileList = offersFileList
        }
    }

    /// Whether `zone` takes the drag at all, asked when the drag enters it: before any
    /// position is known (GTK reports (0, 0) on enter), so it depends only on the drag.
    /// The grid and the album list take anything importable; the album list also takes its
    /// own rows (to reorder them); the delete zone takes only the library's photos.
    public func entryOperation(into zone: DropZone, facts: DragFacts) -> DropOperation {
        if facts.carriesContainers {
            return zone == .albumList ? .move : .forbidden(.unsupportedContent)
        }
        if let reason = refusal(of: facts) { return .forbidden(reason) }
        switch zone {
        case .grid, .albumList, .viewer: return facts.isLocal ? .move : .copy
        case .deleteZone: return facts.isLocal ? .move : .forbidden(.trashAcceptsOnlyLibraryPhotos)
        }
    }

    /// The proposal for a drag described by `facts` over `target`, with `modifiers` held.
    public func proposal(for target: DropTarget, facts: DragFacts, modifiers: DropModifiers) -> DropProposal {
        if target == .nothing { return .none }
        if facts.carriesContainers { return containerProposal(for: target, selection: facts.selection) }
        if let reason = refusal(of: facts) { return DropProposal(operation: .forbidden(reason)) }
        // The grid's places (and the viewer's, which is one of them) exist only in the user's own order.
        if gridOrder == .arranged, target.gridInsertionIndex != nil { return arrangedGridProposal(for: target, facts: facts) }
        switch target {
        case .nothing, .albumList:
            // Only album rows go between album rows.
            return .none
        case .grid(let index):
            return gridProposal(at: index, facts: facts)
        case .viewer(let entry):
            // The grid's rule at the place right after the photo on show: photos from outside
            // are copied in there; the viewed photo dropped on itself is no change.
            return gridProposal(at: entry + 1, facts: facts)
        case .gridTile(let tile, let index):
            // Resting on a photo's middle: an in-app drag is about that photo (it may flock),
            // so no gap opens; letting go still does what the insertion point does.
            var proposal = gridProposal(at: index, facts: facts)
            if facts.isLocal { proposal.intent = .flockOnto(tile) }
            return proposal
        case .album(let album):
            // Within the app, adding to an album keeps the photo where it was; Shift moves it.
            let operation: DropOperation = facts.isLocal && modifiers.contains(.shift) ? .move : .copy
            let already = facts.alreadyIn[album] ?? 0
            // Adding photos that are all there already changes nothing: say so, drop nothing.
            // (A move still takes them out of the album they came from.)
            if operation == .copy, already > 0, already >= facts.importableCount {
                return DropProposal(operation: .cancel, intent: .insertInto(album), isNoChange: true,
                                    alreadyInTarget: already)
            }
            return DropProposal(operation: operation, intent: .insertInto(album), alreadyInTarget: already)
        case .deleteZone:
            guard facts.isLocal else { return DropProposal(operation: .forbidden(.trashAcceptsOnlyLibraryPhotos)) }
            return DropProposal(operation: .move)
        case .newAlbum:
            // A file list from another application: its folders become albums (a copy, as
            // every drop from outside is). The app's own photos make no album here: there
            // the space below the rows stays no target, as it was (New Album, then a drop
            // on its row, does that).
            guard !facts.isLocal, facts.offersFileList else { return .none }
            return DropProposal(operation: .copy, intent: .newContainer)
        }
    }

    /// Why no target takes a drag of photos described by `facts`, if none does: it has
    /// nothing importable, or its source allows neither copying nor moving. (A drag from
    /// another application always copies, even when it offers MOVE: moving would let the
    /// source delete the user's originals. So either operation lets it in.)
    private func refusal(of facts: DragFacts) -> ForbiddenReason? {
        guard facts.hasImportableContent else { return .unsupportedContent }
        if !facts.isLocal, facts.offeredOperations.isDisjoint(with: [.copy, .move]) {
            return .sourceOffersNoOperation
        }
        return nil
    }

    private func gridProposal(at index: Int, facts: DragFacts) -> DropProposal {
        guard facts.isLocal else { return DropProposal(operation: .copy, intent: .insertAt(index)) }
        return reorderProposal(at: index, selection: facts.selection)
    }

    /// A grid in an order of its own has no places between photos: photos from outside are
    /// added (they land at their place in the grid's order), and the grid's own photos
    /// cannot be rearranged there. Resting on a photo still flocks it to an in-app drag.
    private func arrangedGridProposal(for target: DropTarget, facts: DragFacts) -> DropProposal {
        guard facts.isLocal else { return DropProposal(operation: .copy, intent: .addInGridOrder) }
        if case .gridTile(let tile, _) = target {
            return DropProposal(operation: .forbidden(.gridIsArranged), intent: .flockOnto(tile))
        }
        return DropProposal(operation: .forbidden(.gridIsArranged))
    }

    /// Album rows dragged within the album list follow the grid's reorder rule, between
    /// album rows only.
    private func containerProposal(for target: DropTarget, selection: MovingSelection) -> DropProposal {
        guard case .albumList(let index) = target else {
            return DropProposal(operation: .forbidden(.unsupportedContent))
        }
        return reorderProposal(at: index, selection: selection)
    }

    /// Moving `selection` to insertion point `index`: a move, or no change where the items
    /// already are (the proposal keeps its intent, so the view keeps showing the place).
    private func reorderProposal(at index: Int, selection: MovingSelection) -> DropProposal {
        let intent = DropIntent.insertAt(index)
        if selection.isNoChange(atInsertionIndex: index) {
            return DropProposal(operation: .cancel, intent: intent, isNoChange: true)
        }
        return DropProposal(operation: .move, intent: intent)
    }
}
