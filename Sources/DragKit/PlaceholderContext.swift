/// The identity of one placeholder, stable for its whole life.
public struct PlaceholderID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public var description: String { "placeholder \(rawValue)" }
}

/// Where a placeholder's load stands, for the tile to show.
public enum PlaceholderState: Hashable, Sendable {
    case loading
    /// The load failed; the message is for people.
    case failed(String)
    /// The user (or the app) cancelled this load. Other placeholders are not affected.
    case cancelled
}

/// The handle returned when a placeholder is inserted: it follows the placeholder wherever
/// later inserts, removes and moves take it, and resolves it exactly once, by `commit` (the
/// item takes the placeholder's *current* place) or `delete`.
@MainActor
public final class PlaceholderContext<Element> {
    public nonisolated let id: PlaceholderID
    public private(set) var state: PlaceholderState = .loading
    /// How far the load has come, 0...1. It only grows, because progress reports may arrive
    /// out of order from loader threads.
    public private(set) var progress: Double = 0
    /// True once committed or deleted.
    public private(set) var isResolved = false
    /// True once the collection moved on to another view without this placeholder
    /// (`PlaceholderCollection.reload(_:keeping:)`): it has no index and cannot commit, but
    /// its load goes on, to end elsewhere (the app puts the item where it belongs and then
    /// deletes the placeholder, or reports its failure).
    public internal(set) var isSetAside = false
    /// True once the load gave up on a silent source (`stall(_:)`): the placeholder is
    /// failed, and says why, until the user dismisses or retries it.
    public private(set) var hasStalled = false

    weak var collection: PlaceholderCollection<Element>?
    /// Where the collection keeps this placeholder; its index is asked of the collection
    /// (O(log n)) rather than pushed here on every change. Meaningful while unresolved.
    var node: Int
    /// Where the collection keeps this context among its live placeholders.
    var liveSlot = 0
    var loadTask: Task<Void, Never>?

    init(id: PlaceholderID, node: Int, collection: PlaceholderCollection<Element>) {
        self.id = id
        self.node = node
        self.collection = collection
    }

    /// The placeholder's current index in the collection, or nil once resolved or set aside.
    public var index: Int? { isResolved || isSetAside ? nil : collection?.index(of: self) }

    /// Puts `element` where the placeholder is now, replacing it, and returns that index.
    /// Returns nil (and changes nothing) if the placeholder is resolved, failed or cancelled:
    /// a cancelled load must never appear.
    @discardableResult
    public func commit(_ element: Element) -> Int? {
        guard !isResolved, !isSetAside, state == .loading, let collection else { return nil }
        return collection.commit(self, with: element)
    }

    /// Removes the placeholder. Only this removes a placeholder.
    public func delete() {
        guard !isResolved, let collection else { return }
        collection.delete(self)
    }

    /// Records a failed load, so the tile can show why. The placeholder stays until deleted.
    public func fail(_ message: String) {
        guard !isResolved, state == .loading else { return }
        state = .failed(message)
        collection?.placeholderDidChange(self)
    }

    /// The source went silent for the stall limit: stops the load (if DragKit runs it; data
    /// that comes after all is ignored) and fails the placeholder with `message`. Unlike a
    /// cancel, the placeholder stays, so the user sees what happened.
    public func stall(_ message: String) {
        guard !isResolved, state == .loading else { return }
        hasStalled = true
        state = .failed(message)
        loadTask?.cancel()
        collection?.placeholderDidChange(self)
    }

    /// Cancels this placeholder's load (if DragKit runs it) and marks it cancelled. The load
    /// then deletes the placeholder; without a load, call `delete()`.
    public func cancel() {
        guard !isResolved, state == .loading else { return }
        state = .cancelled
        loadTask?.cancel()
        collection?.placeholderDidChange(self)
    }

    /// Records load progress (clamped to 0...1, never going back).
    public func updateProgress(_ value: Double) {
        guard !isResolved, value > progress else { return }
        progress = min(1, value)
        collection?.placeholderDidChange(self)
    }

    /// Waits until the load DragKit runs for this placeholder has finished, whatever its end.
    public func waitForLoad() async {
        await loadTask?.value
    }

    func markResolved() {
        isResolved = true
        loadTask = nil
    }
}
