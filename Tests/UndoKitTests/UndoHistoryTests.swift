import Testing
import UndoKit

/// A list of numbers that undo steps change, standing in for the library.
@MainActor
final class Document {
    var items: [Int] = []
}

@MainActor
struct UndoHistoryTests {
    /// Appends `value` to `document` and records it.
    func append(_ value: Int, to document: Document, in history: UndoHistory) -> Int {
        document.items.append(value)
        return history.record("Add \(value)", undo: { document.items.removeLast() },
                              redo: { document.items.append(value) })
    }

    @Test func undoAndRedoWalkTheChangesInOrder() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        _ = append(2, to: document, in: history)
        #expect(try await history.undo()?.name == "Add 2")
        #expect(document.items == [1])
        #expect(try await history.undo()?.name == "Add 1")
        #expect(document.items == [])
        #expect(try await history.undo()?.name == nil)
        #expect(try await history.redo() == "Add 1")
        #expect(try await history.redo() == "Add 2")
        #expect(document.items == [1, 2])
        #expect(try await history.redo() == nil)
    }

    @Test func aNewChangeClearsTheRedoList() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        try await history.undo()
        #expect(history.canRedo)
        _ = append(3, to: document, in: history)
        #expect(!history.canRedo)
        #expect(try await history.redo() == nil)
        #expect(document.items == [3])
    }

    @Test func theOldestChangesFallOffPastTheLimit() async throws {
        let history = UndoHistory(limit: 2), document = Document()
        for value in 1...3 { _ = append(value, to: document, in: history) }
        #expect(history.undoEntries.map(\.name) == ["Add 2", "Add 3"])
        try await history.undo()
        try await history.undo()
        #expect(try await history.undo()?.name == nil)
        #expect(document.items == [1])
    }

    @Test func aToastsUndoOnlyUndoesItsOwnChangeWhileItIsTheLatest() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        let second = append(2, to: document, in: history)
        #expect(try await history.undo(entry: second) == .undone)
        #expect(document.items == [1])
        #expect(history.redoEntries.map(\.id) == [second], "Ctrl+Shift+Z redoes it")
        #expect(try await history.undo(entry: second) == .nothing, "already undone")
        #expect(document.items == [1])
    }

    @Test func aToastsUndoOfAChangeWithNewerOnesLeavesTheUndoToItsCaller() async throws {
        let history = UndoHistory(), document = Document()
        let first = append(1, to: document, in: history)
        _ = append(2, to: document, in: history)
        #expect(try await history.undo(entry: first) == .leftToCaller, "a newer change is on top")
        #expect(document.items == [1, 2], "the history undid nothing itself")
        #expect(history.undoEntries.map(\.name) == ["Add 2"], "the change left the history")
        #expect(try await history.undo(entry: first) == .nothing, "and is not offered twice")
    }

    @Test func aToastsUndoAfterCtrlZUndidItsChangeDoesNothing() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        let second = append(2, to: document, in: history)
        #expect(try await history.undo()?.id == second)
        #expect(try await history.undo(entry: second) == .nothing)
        #expect(document.items == [1])
        #expect(try await history.redo() == "Add 2", "still redoable")
        #expect(try await history.undo(entry: second) == .undone, "redone, it is the latest again")
        #expect(document.items == [1])
    }

    @Test func aForgottenChangeCannotBeUndone() async throws {
        let history = UndoHistory(), document = Document()
        let first = append(1, to: document, in: history)
        _ = append(2, to: document, in: history)
        history.forget(first)
        try await history.undo()
        #expect(try await history.undo()?.name == nil)
        #expect(document.items == [1])
    }

    struct Refused: Error {}

    @Test func aFailingStepIsDroppedAndItsErrorReported() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        history.record("Broken", undo: { throw Refused() }, redo: {})
        await #expect(throws: Refused.self) { try await history.undo() }
        #expect(!history.canRedo, "a step that failed is not offered again")
        #expect(try await history.undo()?.name == "Add 1")
    }

    @Test func anUndoPressedWhileAnotherRunsIsIgnored() async throws {
        let history = UndoHistory(), document = Document()
        _ = append(1, to: document, in: history)
        _ = append(2, to: document, in: history)
        var inner: String?? = .none
        history.record("Slow", undo: {
            // A second Ctrl+Z while this step is still running.
            inner = .some(try await history.undo()?.name)
        }, redo: {})
        #expect(try await history.undo()?.name == "Slow")
        #expect(inner == .some(nil), "the nested undo was ignored")
        #expect(document.items == [1, 2])
    }
}
