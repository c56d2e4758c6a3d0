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

    public init(importableTypes: [ContentType] = [.photoID, .png, .jpeg, .uriList]) {
        self.importableTypes = importableTypes
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

        public init(isLocal: Bool, hasImportableContent: Bool,
                    selection: MovingSelection = MovingSelection(),
                    offeredOperations: DragOperations = [.copy, .move]) {
            self.isLocal = isLocal
            self.hasImportableContent = hasImportableContent
            self.selection = selection
            self.offeredOperations = offeredOperations
        }
    }

    /// The proposal for a drag described by `facts` over `target`, with `modifiers` held.
    public func proposal(for target: DropTarget, facts: DragFacts, modifiers: DropModifiers) -> DropProposal {
        if target == .nothing { return .none }
        guard facts.hasImportableContent else { return DropProposal(operation: .forbidden(.unsupportedContent)) }
        // A drag from another application always copies, even when it offers MOVE: moving
        // would let the source delete the user's originals.
        if !facts.isLocal, facts.offeredOperations.isDisjoint(with: [.copy, .move]) {
            return DropProposal(operation: .forbidden(.sourceOffersNoOperation))
        }
        switch target {
        case .nothing:
            return .none
        case .grid(let index):
            let intent = DropIntent.insertAt(index)
            guard facts.isLocal else { return DropProposal(operation: .copy, intent: intent) }
            if facts.selection.isNoChange(atInsertionIndex: index) {
                return DropProposal(operation: .cancel, intent: intent, isNoChange: true)
            }
            return DropProposal(operation: .move, intent: intent)
        case .album(let album):
            // Within the app, adding to an album keeps the photo where it was; Shift moves it.
            let operation: DropOperation = facts.isLocal && modifiers.contains(.shift) ? .move : .copy
            return DropProposal(operation: operation, intent: .insertInto(album))
        case .deleteZone:
            guard facts.isLocal else { return DropProposal(operation: .forbidden(.trashAcceptsOnlyLibraryPhotos)) }
            return DropProposal(operation: .move)
        }
    }
}
