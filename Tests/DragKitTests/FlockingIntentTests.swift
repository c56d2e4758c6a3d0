import Foundation
import Testing
import PropertyBased
@testable import DragKit

/// Flocking as a proposal intent: an in-app drag resting on the middle half of a photo is
/// about that photo (`.flockOnto`), so no gap opens there; the drop itself still goes where
/// the midpoint rule says.
@MainActor @Suite struct FlockingIntentTests {
    // Cells 100 wide, 80 high, 10 apart, 10 from the edge: three columns.
    let grid = GridGeometry(width: 340, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10)

    func inAppDrag(_ indices: [Int] = [0]) -> DropSession {
        let drag = DragSession(items: indices.map { photoItem(100 + $0, sourceIndex: $0) }, origin: .zero)
        try? drag.beginDragging()
        return DropSession(local: drag)
    }

    func externalImage() -> DropSession {
        var provider = ItemProvider(suggestedName: "sea.png")
        provider.register(.png) { _ in Data() }
        return DropSession(external: [DragItem(provider: provider)])
    }

    @Test func theMiddleHalfOfAPhotoIsRestingOnIt() {
        // Cell 4 spans x 120..<220 (centre 170), y 100..<180.
        #expect(grid.restingTile(at: Point(x: 170, y: 140), count: 9) == 4)
        #expect(grid.restingTile(at: Point(x: 146, y: 140), count: 9) == 4)
        #expect(grid.restingTile(at: Point(x: 144, y: 140), count: 9) == nil)  // its leading quarter
        #expect(grid.restingTile(at: Point(x: 196, y: 140), count: 9) == nil)  // its trailing quarter
        #expect(grid.restingTile(at: Point(x: 225, y: 140), count: 9) == nil)  // the spacing
        #expect(grid.restingTile(at: Point(x: 170, y: 140), count: 4) == nil)  // past the end
    }

    @Test func restingOnAnotherPhotoProposesFlockingAndNoGap() throws {
        let drop = inAppDrag([0])
        let target = DropTarget.grid(at: Point(x: 180, y: 140), in: grid, count: 9, isScrolling: false)
        #expect(target == .gridTile(4, insertionIndex: 5))
        #expect(drop.update(target: target) == DropProposal(operation: .move, intent: .flockOnto(4)))
        // Near the edge of the same photo, it is about where to insert: a gap.
        let edge = DropTarget.grid(at: Point(x: 210, y: 140), in: grid, count: 9, isScrolling: false)
        #expect(drop.update(target: edge) == DropProposal(operation: .move, intent: .insertAt(5)))
        // Letting go on the middle does what the midpoint rule says.
        drop.update(target: target)
        guard case .reorder(let selection, let insertion, let final) = try drop.performDrop() else {
            Issue.record("expected a reorder"); return
        }
        #expect(selection.sortedIndices == [0])
        #expect(insertion == 5)
        #expect(final == 4)
    }

    @Test func whileScrollingNobodyRestsOnAPhoto() {
        let target = DropTarget.grid(at: Point(x: 170, y: 140), in: grid, count: 9, isScrolling: true)
        #expect(target == .grid(insertionIndex: 5))
        #expect(inAppDrag().proposal(for: target).intent == .insertAt(5))
    }

    @Test func aDragFromElsewhereAlwaysShowsTheGap() throws {
        let drop = externalImage()
        let target = DropTarget.grid(at: Point(x: 160, y: 140), in: grid, count: 9, isScrolling: false)
        #expect(drop.update(target: target) == DropProposal(operation: .copy, intent: .insertAt(4)))
        guard case .insertCopies(_, let index) = try drop.performDrop() else { Issue.record("expected copies"); return }
        #expect(index == 4)
    }

    @Test func restingOnAPhotoOfTheDragItselfChangesNothingAndShowsNoGap() {
        let proposal = inAppDrag([4]).proposal(for: .gridTile(4, insertionIndex: 4))
        #expect(proposal == DropProposal(operation: .cancel, intent: .flockOnto(4), isNoChange: true))
    }

    /// Over random grids, points and drags: the intent is `.flockOnto` exactly when an in-app
    /// drag rests (not scrolling) on a cell's middle half, and the operation and the drop are
    /// always those of the midpoint rule's insertion index.
    @Test func flockingOnlyChangesWhatTheGridShows() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...30), Gen.int(in: 150...700),
                            Gen.int(in: -20...720), Gen.int(in: -20...900), Gen.int(in: 0...255)) {
            count, width, x, y, code in
            let geometry = GridGeometry(width: Double(width), cellSize: Size(width: 64, height: 48),
                                        spacing: 8, padding: 6)
            let point = Point(x: Double(x), y: Double(y))
            let isScrolling = code & 1 != 0
            let isLocal = code & 2 != 0
            let dragged = (0..<count).filter { code >> 2 & (1 << ($0 % 6)) != 0 }
            let drop = isLocal ? inAppDrag(dragged.isEmpty ? [0] : dragged) : externalImage()

            let target = DropTarget.grid(at: point, in: geometry, count: count, isScrolling: isScrolling)
            let insertion = geometry.insertionIndex(at: point, count: count)
            #expect(target.gridInsertionIndex == insertion)

            // The middle half, computed from the cell frames by brute force.
            let resting = (0..<count).first { index in
                let frame = geometry.frame(at: index)
                return frame.contains(point) && abs(point.x - frame.center.x) < frame.width / 4
            }
            let proposal = drop.proposal(for: target)
            let plain = drop.proposal(for: .grid(insertionIndex: insertion))
            if isLocal, !isScrolling, let resting {
                #expect(proposal.intent == .flockOnto(resting))
            } else {
                #expect(proposal.intent == .insertAt(insertion))
            }
            #expect(proposal.operation == plain.operation)
            #expect(proposal.isNoChange == plain.isNoChange)
        }
    }
}
