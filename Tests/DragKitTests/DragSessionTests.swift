import Testing
@testable import DragKit

@MainActor @Suite struct DragSessionTests {
    func ids(_ items: [DragItem]) -> [Int?] { items.map { $0.localObject?.value(as: Int.self) } }

    @Test func aStackBeginsAsThreeItemsInOrderLastOnTop() {
        let stack = [photoItem(11, sourceIndex: 4), photoItem(12, sourceIndex: 5), photoItem(13, sourceIndex: 6)]
        let session = DragSession(items: stack, origin: Point(x: 40, y: 40))
        #expect(ids(session.items) == [11, 12, 13])
        #expect(ids([session.items.last!]) == [13])  // the top of the preview stack
        #expect(session.phase == .lifting)
        #expect(session.selection.sortedIndices == [4, 5, 6])
    }

    @Test func flockingAddsAFourthAndRefusesADuplicate() {
        let session = DragSession(items: [photoItem(1), photoItem(2), photoItem(3)], origin: .zero)
        var counts: [Int] = []
        let observation = session.observeItemCount { counts.append($0) }
        try? session.beginDragging()

        #expect(ids(session.add([photoItem(4)])) == [4])
        #expect(session.add([photoItem(2)]).isEmpty)
        #expect(ids(session.add([photoItem(5), photoItem(5)])) == [5])  // not even twice in one go
        #expect(ids(session.items) == [1, 2, 3, 4, 5])
        #expect(counts == [4, 5])

        observation.cancel()
        session.add([photoItem(6)])
        #expect(counts == [4, 5])
    }

    @Test func flockingTakesOnlyAcceptedItemsUpToTheLimit() {
        let session = DragSession(items: [photoItem(1)], origin: .zero, itemLimit: 3,
                                  accepting: { $0.provider.canLoad(.photoID) })
        #expect(session.add([textItem("no")]).isEmpty)
        #expect(ids(session.add([photoItem(2), photoItem(3), photoItem(4)])) == [2, 3])
        #expect(!session.canAddItems)
        #expect(session.add([photoItem(5)]).isEmpty)
        #expect(session.items.count == 3)
    }

    @Test func noFlockingAfterTheDrop() throws {
        let session = DragSession(items: [photoItem(1)], origin: .zero)
        try session.beginDragging()
        try session.drop()
        #expect(session.add([photoItem(2)]).isEmpty)
        #expect(session.items.count == 1)
    }

    @Test func phasesRunInOrderAndRejectIllegalSteps() throws {
        let session = DragSession(items: [photoItem(1)], origin: .zero)
        #expect(throws: DragSession.PhaseError(from: .lifting, to: .dropped)) { try session.drop() }
        #expect(throws: DragSession.PhaseError(from: .lifting, to: .ended)) { try session.end() }
        try session.beginDragging()
        #expect(throws: DragSession.PhaseError(from: .dragging, to: .dragging)) { try session.beginDragging() }
        try session.drop()
        #expect(throws: DragSession.PhaseError(from: .dropped, to: .cancelled)) { try session.cancel() }
        try session.end()
        #expect(session.phase == .ended)
        #expect(throws: DragSession.PhaseError(from: .ended, to: .ended)) { try session.end() }
    }

    @Test func lettingGoDuringTheLiftCancels() throws {
        let session = DragSession(items: [photoItem(1)], origin: .zero)
        try session.cancel()
        try session.end()
        #expect(session.phase == .ended)
    }
}
