/// One drag in progress, from the source's side: the items in order (the last is on top
/// of the preview stack), the phase, and what the source wants to remember about it.
///
/// It lives on the main actor because the GTK adapters drive it from the main loop, and the
/// drop side (`DropSession`) reads its items live: a target always receives the items as
/// they are at drop time, including those that flocked in late.
@MainActor
public final class DragSession {
    public enum Phase: Hashable, Sendable {
        /// Picked up, not yet moved: the preview is lifting. Letting go now cancels.
        case lifting
        /// Moving over targets.
        case dragging
        /// Released over a target that accepted.
        case dropped
        /// Released where nothing accepted, or abandoned (Escape, a failed drop).
        case cancelled
        /// All animations and loads are over.
        case ended
    }

    /// A phase change that the drag's life does not allow, such as dropping twice.
    public struct PhaseError: Error, Equatable {
        public let from: Phase
        public let to: Phase
    }

    public private(set) var phase: Phase = .lifting
    public private(set) var items: [DragItem] = []
    /// Where the drag began, in window coordinates.
    public let origin: Point
    /// The most items a flock may hold, if limited.
    public let itemLimit: Int?
    /// The grid positions of the dragged items that came from the grid.
    public private(set) var selection = MovingSelection()

    private let accepts: @MainActor (DragItem) -> Bool
    private var localObjects: Set<LocalObject> = []
    private var countObservers: [Int: @MainActor (Int) -> Void] = [:]
    private var nextObserverID = 0

    /// Begins a drag with `items`, in order, the last on top.
    ///
    /// - Parameter accepting: which items may join (on flocking, and at the start): e.g.
    ///   only photos flock with photos. Items it refuses are left out.
    public init(items: [DragItem], origin: Point, itemLimit: Int? = nil,
                accepting: @escaping @MainActor (DragItem) -> Bool = { _ in true }) {
        self.origin = origin
        self.itemLimit = itemLimit
        self.accepts = accepting
        _ = admit(items)
    }

    /// Whether an item for `object` is already in the drag.
    public func contains(_ object: LocalObject) -> Bool { localObjects.contains(object) }

    /// Whether the drag can still take items: it is lifting or dragging, and below its limit.
    public var canAddItems: Bool {
        (phase == .lifting || phase == .dragging) && items.count < (itemLimit ?? Int.max)
    }

    /// Flocking: adds `candidates` to the drag in progress and returns the ones that joined.
    ///
    /// An item joins only if the drag is still in progress, the session accepts it, its local
    /// object is not already in the drag (the same photo never joins twice, not even within
    /// one call), and the limit leaves room. Observers learn the new count once per call.
    @discardableResult
    public func add(_ candidates: [DragItem]) -> [DragItem] {
        guard phase == .lifting || phase == .dragging else { return [] }
        let joined = admit(candidates)
        if !joined.isEmpty {
            for observer in countObservers.values { observer(items.count) }
        }
        return joined
    }

    private func admit(_ candidates: [DragItem]) -> [DragItem] {
        var joined: [DragItem] = []
        for item in candidates {
            guard items.count < (itemLimit ?? Int.max) else { break }
            guard accepts(item) else { continue }
            if let object = item.localObject {
                guard localObjects.insert(object).inserted else { continue }
            }
            if let index = item.sourceIndex { selection.insert(index) }
            items.append(item)
            joined.append(item)
        }
        return joined
    }

    /// Calls `handler` with the item count whenever items flock in. Keep the returned token
    /// and call `cancel()` on it to stop.
    public func observeItemCount(_ handler: @escaping @MainActor (Int) -> Void) -> Observation {
        let id = nextObserverID
        nextObserverID += 1
        countObservers[id] = handler
        return Observation { [weak self] in self?.countObservers[id] = nil }
    }

    // MARK: Phases

    /// The pointer moved past the drag threshold (or the keyboard drag picked up).
    public func beginDragging() throws(PhaseError) { try advance(to: .dragging) }
    /// A target accepted the drop.
    public func drop() throws(PhaseError) { try advance(to: .dropped) }
    /// Nothing accepted, or the user abandoned the drag.
    public func cancel() throws(PhaseError) { try advance(to: .cancelled) }
    /// The drop's or the cancel's animations and loads are over.
    public func end() throws(PhaseError) { try advance(to: .ended) }

    private func advance(to next: Phase) throws(PhaseError) {
        let allowed: Bool = switch (phase, next) {
        case (.lifting, .dragging), (.lifting, .cancelled),
             (.dragging, .dropped), (.dragging, .cancelled),
             (.dropped, .ended), (.cancelled, .ended): true
        default: false
        }
        guard allowed else { throw PhaseError(from: phase, to: next) }
        phase = next
    }
}

/// A registration that lasts until cancelled.
@MainActor
public final class Observation {
    private var onCancel: (@MainActor () -> Void)?
    init(_ onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}
