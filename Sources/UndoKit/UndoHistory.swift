/// The one history of a user's library changes, behind Ctrl+Z, Ctrl+Shift+Z and every
/// toast's Undo button. Each change records how to undo and redo itself; undoing moves it
/// to the redo list, and a new change clears that list (as every GNOME app does).
///
/// One step runs at a time: a Ctrl+Z pressed while an undo is still writing is ignored
/// (not queued), so keys held down cannot run the library backwards past what the user saw.
/// A step that fails is dropped: what it would restore may no longer be there.
@MainActor
public final class UndoHistory {
    public typealias Step = @MainActor () async throws -> Void

    /// One change, by a name to show ("Move 2 photos") and its two directions.
    public struct Entry: Sendable, Identifiable {
        public let id: Int
        public let name: String
        let undo: Step
        let redo: Step
    }

    public private(set) var undoEntries: [Entry] = []
    public private(set) var redoEntries: [Entry] = []
    /// How many changes the history keeps; the oldest go first.
    public let limit: Int
    public private(set) var isBusy = false
    private var nextID = 0

    public init(limit: Int = 100) {
        precondition(limit > 0, "an undo history must hold at least one change")
        self.limit = limit
    }

    public var canUndo: Bool { !undoEntries.isEmpty && !isBusy }
    public var canRedo: Bool { !redoEntries.isEmpty && !isBusy }

    /// Records a change the user just made. Returns its id, for `undo(entry:)` (a toast's
    /// Undo button) and `forget(_:)`.
    @discardableResult
    public func record(_ name: String, undo: @escaping Step, redo: @escaping Step) -> Int {
        nextID += 1
        undoEntries.append(Entry(id: nextID, name: name, undo: undo, redo: redo))
        if undoEntries.count > limit { undoEntries.removeFirst(undoEntries.count - limit) }
        redoEntries = []
        return nextID
    }

    /// Undoes the latest change; returns it, or nil when there was nothing to undo (or
    /// another step is running).
    @discardableResult
    public func undo() async throws -> Entry? {
        guard canUndo, let entry = undoEntries.popLast() else { return nil }
        try await run(entry.undo)
        redoEntries.append(entry)
        return entry
    }

    /// Redoes the latest undone change; returns its name, or nil when there was none.
    @discardableResult
    public func redo() async throws -> String? {
        guard canRedo, let entry = redoEntries.popLast() else { return nil }
        try await run(entry.redo)
        undoEntries.append(entry)
        return entry.name
    }

    /// What a toast's Undo found of the change it announced.
    public enum EntryUndo: Equatable, Sendable {
        /// It was the latest change: it is undone (and Ctrl+Shift+Z redoes it).
        case undone
        /// Newer changes came after it, and it still stands: it has left the history, for
        /// the caller to undo by its own means, out of order.
        case leftToCaller
        /// Nothing to undo: it was undone already (by Ctrl+Z, while its toast still showed),
        /// it left the history, or another step is running.
        case nothing
    }

    /// A toast's Undo for the change `id`: undoes it if it is the latest one. A change
    /// already undone is not undone twice.
    @discardableResult
    public func undo(entry id: Int) async throws -> EntryUndo {
        guard !isBusy else { return .nothing }
        if undoEntries.last?.id == id { return try await undo() != nil ? .undone : .nothing }
        guard undoEntries.contains(where: { $0.id == id }) else { return .nothing }
        forget(id)
        return .leftToCaller
    }

    /// Drops the change `id` from both lists: it can no longer be undone (say, its files
    /// went to the Trash).
    public func forget(_ id: Int) {
        undoEntries.removeAll { $0.id == id }
        redoEntries.removeAll { $0.id == id }
    }

    private func run(_ step: Step) async throws {
        isBusy = true
        defer { isBusy = false }
        try await step()
    }
}
