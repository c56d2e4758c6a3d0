import Testing
import PropertyBased
@testable import DragKit

@MainActor @Suite struct KeyboardDragTests {
    let grid = GridGeometry(width: 340, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10)
    let count = 8

    func selection() -> DragSession {
        DragSession(items: [photoItem(1, sourceIndex: 2), photoItem(2, sourceIndex: 3)], origin: .zero)
    }

    @Test func producesTheSameProposalsAsAPointerOverTheSameTargets() throws {
        let pointerDrag = selection()
        try pointerDrag.beginDragging()
        let pointer = DropSession(local: pointerDrag)
        let keyboard = try KeyboardDrag(picking: selection(), targets: KeyboardDropTargets(gridCount: count, albums: [4, 5]))

        // The pointer over each cell's leading and trailing half, past the end, then the
        // other targets; the keyboard chooses the grid index the pointer mapped to.
        var points: [Point] = []
        for index in 0..<count {
            let frame = grid.frame(at: index)
            points += [Point(x: frame.minX + 5, y: frame.center.y), Point(x: frame.maxX - 5, y: frame.center.y)]
        }
        points.append(Point(x: 300, y: 900))
        var targets = points.map { DropTarget.grid(at: $0, in: grid, count: count) }
        targets += [.album(4), .album(5), .deleteZone]

        for modifiers in [DropModifiers(), .shift] {
            pointer.modifiers = modifiers
            keyboard.dropSession.modifiers = modifiers
            for target in targets {
                #expect(keyboard.choose(target) == pointer.update(target: target), "\(target) \(modifiers)")
            }
        }
        // And they really differ by target: this is not a comparison of constants.
        #expect(Set(targets.map { pointer.proposal(for: $0) }).count >= 4)
    }

    @Test func pickingUpStartsAtTheSelectionSoAnImmediateDropChangesNothing() throws {
        let drag = selection()
        let keyboard = try KeyboardDrag(picking: drag, targets: KeyboardDropTargets(gridCount: count))
        #expect(drag.phase == .dragging)
        #expect(keyboard.target == .grid(insertionIndex: 2))
        #expect(keyboard.proposal.isNoChange)
        guard case .nothing = try keyboard.drop() else { Issue.record("expected nothing"); return }
        #expect(drag.phase == .cancelled)
    }

    @Test func arrowsMoveTheInsertionPointWithinTheGrid() throws {
        let keyboard = try KeyboardDrag(picking: selection(), targets: KeyboardDropTargets(gridCount: count))
        keyboard.moveInsertionPoint(by: 3)
        #expect(keyboard.proposal == DropProposal(operation: .move, intent: .insertAt(5)))
        keyboard.moveInsertionPoint(by: 100)
        #expect(keyboard.target == .grid(insertionIndex: count))  // the end, not beyond
        keyboard.moveInsertionPoint(by: -100)
        #expect(keyboard.target == .grid(insertionIndex: 0))
    }

    @Test func tabCyclesGridAlbumsAndTheDeleteZone() throws {
        let keyboard = try KeyboardDrag(picking: selection(),
                                        targets: KeyboardDropTargets(gridCount: count, albums: [4, 5]))
        keyboard.moveInsertionPoint(by: 4)  // grid index 6
        var visited: [DropTarget] = []
        for _ in 0..<4 {
            keyboard.nextTarget()
            visited.append(keyboard.target)
        }
        #expect(visited == [.album(4), .album(5), .deleteZone, .grid(insertionIndex: 6)])
        keyboard.previousTarget()
        #expect(keyboard.target == .deleteZone)
        #expect(keyboard.proposal == DropProposal(operation: .move))
        keyboard.moveInsertionPoint(by: 1)  // back to the grid where it was
        #expect(keyboard.target == .grid(insertionIndex: 6))
    }

    @Test func aKeyboardDropGivesTheSameActionAsAPointerDrop() throws {
        let keyboard = try KeyboardDrag(picking: selection(), targets: KeyboardDropTargets(gridCount: count))
        keyboard.choose(.grid(insertionIndex: 7))
        guard case .reorder(let moving, let insertion, let final) = try keyboard.drop() else {
            Issue.record("expected a reorder"); return
        }
        #expect(moving.sortedIndices == [2, 3])
        #expect(insertion == 7)
        #expect(final == 5)
        #expect(moving.applied(to: Array("abcdefgh"), insertionIndex: 7) == Array("abefgcdh"))
    }

    @Test func escapeCancels() throws {
        let drag = selection()
        let keyboard = try KeyboardDrag(picking: drag, targets: KeyboardDropTargets(gridCount: count))
        try keyboard.cancel()
        #expect(drag.phase == .cancelled)
        #expect(keyboard.proposal == .none)
    }
}

/// Move Earlier and Move Later are keyboard moves through the same drag session and rules.
@MainActor @Suite struct MoveEarlierLaterTests {
    func pick(_ indices: [Int], count: Int = 8) throws -> KeyboardDrag {
        let drag = DragSession(items: indices.map { photoItem(100 + $0, sourceIndex: $0) }, origin: .zero)
        return try KeyboardDrag(picking: drag, targets: KeyboardDropTargets(gridCount: count, includesDeleteZone: false))
    }

    func order(after drag: KeyboardDrag, count: Int = 8) throws -> [Int]? {
        guard case .reorder(let selection, let insertion, _) = try drag.drop() else { return nil }
        return selection.applied(to: Array(0..<count), insertionIndex: insertion)
    }

    @Test func aRunMovesOnePlaceEachWay() throws {
        let earlier = try pick([2, 3])
        #expect(earlier.moveSelectionEarlier() == DropProposal(operation: .move, intent: .insertAt(1)))
        #expect(try order(after: earlier) == [0, 2, 3, 1, 4, 5, 6, 7])
        let later = try pick([2, 3])
        #expect(later.moveSelectionLater() == DropProposal(operation: .move, intent: .insertAt(5)))
        #expect(try order(after: later) == [0, 1, 4, 2, 3, 5, 6, 7])
    }

    @Test func atTheEdgesNothingChanges() throws {
        let first = try pick([0, 1])
        #expect(first.moveSelectionEarlier().isNoChange)
        #expect(try order(after: first) == nil)
        let last = try pick([6, 7])
        #expect(last.moveSelectionLater().isNoChange)
        #expect(last.target == .grid(insertionIndex: 8))
    }

    @Test func aScatteredSelectionGathers() throws {
        let earlier = try pick([1, 5])
        earlier.moveSelectionEarlier()
        #expect(try order(after: earlier) == [1, 5, 0, 2, 3, 4, 6, 7])
        let later = try pick([1, 5])
        later.moveSelectionLater()
        #expect(try order(after: later) == [0, 2, 3, 4, 6, 1, 5, 7])
    }

    /// For any run of photos: Move Earlier swaps it with the photo before it, Move Later with
    /// the photo after it, and at the edge of the grid nothing changes.
    @Test func aRunSwapsWithItsNeighbour() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...12), Gen.int(in: 0...11), Gen.int(in: 1...12)) {
            count, rawStart, rawLength in
            let start = rawStart % count
            let run = Array(start..<min(count, start + rawLength))
            let elements = Array(0..<count)
            var swappedEarlier = elements, swappedLater = elements
            if start > 0 {
                swappedEarlier.remove(at: start - 1)
                swappedEarlier.insert(start - 1, at: run.last!)
            }
            if run.last! < count - 1 {
                swappedLater.remove(at: run.last! + 1)
                swappedLater.insert(run.last! + 1, at: start)
            }
            guard let earlier = try? pick(run, count: count), let later = try? pick(run, count: count) else {
                Issue.record("could not pick up \(run)"); return
            }
            earlier.moveSelectionEarlier()
            later.moveSelectionLater()
            // No reorder means the order stays as it is; a drop that throws is a failure.
            for (drag, expected) in [(earlier, swappedEarlier), (later, swappedLater)] {
                do {
                    #expect((try order(after: drag, count: count) ?? elements) == expected)
                } catch {
                    Issue.record("dropping \(run) of \(count) threw: \(error)")
                }
            }
        }
    }
}
