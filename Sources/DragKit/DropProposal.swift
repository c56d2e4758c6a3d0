import Localization
/// An album, a folder or any other container a drop can go *into*.
public struct ContainerID: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public init(integerLiteral value: Int64) { rawValue = value }
    public var description: String { "container \(rawValue)" }
}

/// What a drop would do with the data.
public enum DropOperation: Hashable, Sendable {
    /// Nothing happens: there is no target here, or the drop would change nothing.
    case cancel
    /// The target refuses the content, for a reason the UI can show.
    case forbidden(ForbiddenReason)
    case copy
    case move
}

/// Why a target refuses a drag, in words a person can read.
public enum ForbiddenReason: Hashable, Sendable {
    /// None of the dragged items has a type the target can use.
    case unsupportedContent
    /// Only photos already in this library can go to the trash.
    case trashAcceptsOnlyLibraryPhotos
    /// The source allows neither copying nor moving its data.
    case sourceOffersNoOperation
    /// The grid shows its photos in an order of its own (sorted, or search results), so a
    /// place between two of them means nothing: photos are rearranged only in the user's
    /// own order (see `GridOrder`).
    case gridIsArranged

    public var message: String {
        switch self {
        case .unsupportedContent: tr("Drover can’t use this content. Drop photos or image files.")
        case .trashAcceptsOnlyLibraryPhotos: tr("Only photos in this library can be moved to the trash.")
        case .sourceOffersNoOperation: tr("The other application doesn’t allow copying this content.")
        case .gridIsArranged: tr("Photos can only be rearranged in your own order: choose Your Order in Sort, and close the search.")
        }
    }
}

/// Where the dropped items will go, so the view can show it before the drop.
public enum DropIntent: Hashable, Sendable {
    /// The view shows nothing particular (the delete zone, or no target).
    case unspecified
    /// Insert at this index in the grid: the grid opens a gap there. The index may equal the
    /// count: that is the end of the collection.
    case insertAt(Int)
    /// Insert into this container: its row highlights.
    case insertInto(ContainerID)
    /// Make new containers (albums) of what is dropped: the list's "New Album" place highlights.
    case newContainer
    /// The drag rests on the middle of the photo at this index: it is about that photo (which
    /// may flock to the drag), so no gap opens and the photo stays put under the pointer.
    /// Letting go there still performs the drop the insertion point gives (see
    /// `DropTarget.gridTile`); only what the grid shows differs.
    case flockOnto(Int)
    /// The grid is arranged by an order of its own (`GridOrder.arranged`): the dropped items
    /// are added to the collection and the grid shows them at their place in that order.
    /// No gap opens; the view says what a drop does instead ("Sorted by date: drop adds
    /// photos").
    case addInGridOrder
}

/// How the grid orders what it shows: the input that decides whether a place between two
/// photos means anything.
public enum GridOrder: Hashable, Sendable {
    /// The user's own order, the one drag and drop edits: every gap is a place.
    case own
    /// An order the grid derives (sorted by date or title, or only search results): the
    /// positions are not the user's. Drops from outside add photos, which land at their
    /// place in that order; drops on an album row or the delete zone do what they always
    /// do; rearranging inside the grid is refused with `ForbiddenReason.gridIsArranged`.
    case arranged
}

/// A target's answer to "what would happen if the user let go here?".
public struct DropProposal: Hashable, Sendable {
    public var operation: DropOperation
    public var intent: DropIntent
    /// The drop would leave everything as it is (a photo dropped back at its own place).
    /// Such a proposal has the operation `.cancel` and still carries the intent, so the grid
    /// keeps showing the gap where the photo already is.
    public var isNoChange: Bool
    /// Over a container: how many of the dragged items are in it already. When all are (and
    /// the drop would add, not move), the proposal is a no-change; when some are, a drop
    /// adds the rest, and the UI can say how many were there.
    public var alreadyInTarget: Int

    public init(operation: DropOperation, intent: DropIntent = .unspecified, isNoChange: Bool = false,
                alreadyInTarget: Int = 0) {
        self.operation = operation
        self.intent = intent
        self.isNoChange = isNoChange
        self.alreadyInTarget = alreadyInTarget
    }

    /// Nothing under the pointer.
    public static let none = DropProposal(operation: .cancel)

    /// Whether letting go performs a drop (copy or move).
    public var performsDrop: Bool {
        switch operation {
        case .copy, .move: true
        case .cancel, .forbidden: false
        }
    }

    /// The reason to show, if the target refuses.
    public var forbiddenReason: ForbiddenReason? {
        if case .forbidden(let reason) = operation { return reason }
        return nil
    }
}

/// What is under the pointer (or the keyboard focus) during a drag. The adapters know which
/// widget is there; the grid's insertion index comes from `GridGeometry`.
public enum DropTarget: Hashable, Sendable {
    case nothing
    /// A position in the photo grid, as an insertion index in `0...count`.
    case grid(insertionIndex: Int)
    /// The middle half of the photo at `tile`: the drag rests on that photo. Dropping here
    /// inserts at `insertionIndex`, the same index the midpoint rule gives for the point.
    case gridTile(Int, insertionIndex: Int)
    /// An album row in the sidebar.
    case album(ContainerID)
    /// A place between the album rows, as an insertion index in `0...albumCount`: where a
    /// dragged album row would go (see `AlbumList`).
    case albumList(insertionIndex: Int)
    case deleteZone
    /// The space below the album rows (and the "New Album" place the sidebar shows there
    /// while a drag that can go there is over it): each folder of a file list from another
    /// application becomes an album of its own (see `DropRules.proposal`).
    case newAlbum
    /// The photo viewer, showing the photo of grid entry `showingEntry` (a stack's photos
    /// all belong to its entry). What is dropped there goes right after that entry, so the
    /// viewer's next photo is the first one dropped.
    case viewer(showingEntry: Int)

    /// The grid position under `point` (content coordinates), by the midpoint rule.
    public static func grid(at point: Point, in geometry: GridGeometry, count: Int) -> DropTarget {
        .grid(insertionIndex: geometry.insertionIndex(at: point, count: count))
    }

    /// The grid target under `point` during a pointer drag: the photo whose middle half the
    /// pointer rests on, or else the position by the midpoint rule. While the grid scrolls
    /// under a still pointer (`isScrolling`), photos pass under it and nobody rests on them.
    public static func grid(at point: Point, in geometry: GridGeometry, count: Int,
                            isScrolling: Bool) -> DropTarget {
        let insertionIndex = geometry.insertionIndex(at: point, count: count)
        if !isScrolling, let tile = geometry.restingTile(at: point, count: count) {
            return .gridTile(tile, insertionIndex: insertionIndex)
        }
        return .grid(insertionIndex: insertionIndex)
    }

    /// Where a drop on this target inserts into the grid, if it is a grid target.
    public var gridInsertionIndex: Int? {
        switch self {
        case .grid(let index), .gridTile(_, let index): index
        case .viewer(let entry): entry + 1
        case .nothing, .album, .albumList, .deleteZone, .newAlbum: nil
        }
    }
}

/// The widgets a drag can enter, each holding targets: the grid (positions and photos), the
/// album list (album rows and the places between them), the delete zone, and the photo
/// viewer (one place: after the photo it shows).
public enum DropZone: Hashable, Sendable {
    case grid
    case albumList
    case deleteZone
    case viewer
}

/// Modifier keys held during the drag: they are input to the rules, nothing more.
public struct DropModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift asks to move rather than copy (the X11 convention).
    public static let shift = DropModifiers(rawValue: 1 << 0)
    public static let control = DropModifiers(rawValue: 1 << 1)
}

/// The operations a drag's source allows (on X11, the drag's actions).
public struct DragOperations: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let copy = DragOperations(rawValue: 1 << 0)
    public static let move = DragOperations(rawValue: 1 << 1)
}
