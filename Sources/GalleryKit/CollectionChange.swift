/// The ordered collections that views show.
public enum CollectionScope: Hashable, Sendable {
    /// The main collection ("All Photos") in the user's order: photos and stacks.
    case allPhotos
    /// An album's photos in the album's order.
    case album(AlbumID)
}

/// One step of a batch. Steps apply one after another, each to the result of the
/// previous one, so indices always refer to the list as it is at that step:
/// `remove(at:)` then `insert(_:at:)` at the same index replaces an element.
public enum ChangeStep<Element: Sendable>: Sendable {
    case insert(Element, at: Int)
    case remove(at: Int)
    /// Takes the element out of `from`, then puts it back so it ends at `to`
    /// (`to` is an index in the list without the element).
    case move(from: Int, to: Int)
    /// The element at the index changed its content, not its place.
    case update(Element, at: Int)
}

extension ChangeStep: Equatable where Element: Equatable {}

extension Array {
    /// Applies steps in order: what a view does to its model, and what tests check.
    public mutating func apply(_ steps: [ChangeStep<Element>]) {
        for step in steps {
            switch step {
            case .insert(let element, let index): insert(element, at: index)
            case .remove(let index): remove(at: index)
            case .move(let from, let to): insert(remove(at: from), at: to)
            case .update(let element, let index): self[index] = element
            }
        }
    }
}

/// The steps one mutation made to one collection of tiles.
public struct CollectionChange: Sendable {
    public let scope: CollectionScope
    public let steps: [ChangeStep<GalleryItem>]
}

/// The steps one mutation made to the albums sidebar.
public struct AlbumListChange: Sendable {
    public let steps: [ChangeStep<AlbumSummary>]
    /// Albums that no longer exist: views showing them should go elsewhere.
    public let deletedAlbums: [AlbumID]
}
