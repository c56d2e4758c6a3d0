/// How a dragged item looks where it was picked up: the visible shape of the photo on
/// screen (in window coordinates), used to plan the lift and the fly-back on cancel.
public struct DragPreview: Hashable, Sendable {
    public var visibleShape: RoundedRect
    public init(visibleShape: RoundedRect) { self.visibleShape = visibleShape }
}

/// One thing being dragged: its data (the provider), optionally the app object itself for
/// in-app drops, and what it looks like.
public struct DragItem: Sendable {
    public var provider: ItemProvider
    /// The in-app object (a photo identifier in Drover). Also its identity for flocking.
    public var localObject: LocalObject?
    public var preview: DragPreview?
    /// Where the item sits in the collection it was lifted from, when that collection is the
    /// photo grid. Reordering uses it; items without one are not part of a reorder.
    public var sourceIndex: Int?
    /// The containers (albums) the item is known to be in already: a drop into one of them
    /// adds nothing for this item. Empty when unknown.
    public var containers: Set<ContainerID>

    public init(provider: ItemProvider, localObject: LocalObject? = nil,
                preview: DragPreview? = nil, sourceIndex: Int? = nil, containers: Set<ContainerID> = []) {
        self.provider = provider
        self.localObject = localObject
        self.preview = preview
        self.sourceIndex = sourceIndex
        self.containers = containers
    }
}
