import Foundation
import Testing
@testable import DragKit

/// A grid sorted by date or title, or showing search results, has no places between its
/// photos: the rule for drops on it (`GridOrder.arranged`).
@MainActor @Suite struct ArrangedGridRulesTests {
    let arranged = DropRules(gridOrder: .arranged)

    func inAppDrag(sourceIndices: [Int], rules: DropRules) -> (DragSession, DropSession) {
        let items = sourceIndices.map { photoItem(100 + $0, sourceIndex: $0) }
        let drag = DragSession(items: items, origin: .zero)
        try? drag.beginDragging()
        return (drag, DropSession(local: drag, rules: rules))
    }

    func externalDrop(rules: DropRules) -> DropSession {
        var provider = ItemProvider(suggestedName: "holiday.png")
        provider.register(.png) { _ in Data() }
        return DropSession(external: [DragItem(provider: provider)], offering: [.copy], rules: rules)
    }

    @Test func photosFromOutsideAreAddedWithNoGapAnywhereOnTheGrid() throws {
        let drop = externalDrop(rules: arranged)
        for target in [DropTarget.grid(insertionIndex: 0), .grid(insertionIndex: 7),
                       .gridTile(3, insertionIndex: 3), .viewer(showingEntry: 2)] {
            let proposal = drop.proposal(for: target)
            #expect(proposal == DropProposal(operation: .copy, intent: .addInGridOrder), "\(target)")
            #expect(proposal.performsDrop)
        }
        // The same drop in the user's own order opens a gap: the rule is the order's.
        #expect(externalDrop(rules: DropRules()).proposal(for: .grid(insertionIndex: 7)).intent == .insertAt(7))
        drop.update(target: .grid(insertionIndex: 5))
        guard case .insertCopies(let items, _) = try drop.performDrop() else {
            Issue.record("a drop from outside should still add its photos"); return
        }
        #expect(items.count == 1)
    }

    @Test func rearrangingInsideTheGridIsRefusedWithAReason() throws {
        let (drag, drop) = inAppDrag(sourceIndices: [2], rules: arranged)
        let between = drop.update(target: .grid(insertionIndex: 5))
        #expect(between.forbiddenReason == .gridIsArranged)
        #expect(between.intent == .unspecified)
        #expect(!between.performsDrop)
        // Resting on a photo still flocks it to the drag, but letting go moves nothing.
        let onPhoto = drop.update(target: .gridTile(6, insertionIndex: 6))
        #expect(onPhoto == DropProposal(operation: .forbidden(.gridIsArranged), intent: .flockOnto(6)))
        guard case .nothing = try drop.performDrop() else { Issue.record("expected no reorder"); return }
        #expect(drag.phase == .cancelled)
        #expect(!ForbiddenReason.gridIsArranged.message.isEmpty)
    }

    @Test func albumRowsAndTheDeleteZoneDoWhatTheyAlwaysDo() {
        let (_, drop) = inAppDrag(sourceIndices: [1], rules: arranged)
        let (_, own) = inAppDrag(sourceIndices: [1], rules: DropRules())
        for target in [DropTarget.album(3), .deleteZone, .albumList(insertionIndex: 1), .nothing] {
            #expect(drop.proposal(for: target) == own.proposal(for: target), "\(target)")
        }
        drop.modifiers = .shift
        #expect(drop.proposal(for: .album(3)).operation == .move)
    }

    @Test func aKeyboardDragFollowsTheSameRule() throws {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 2)], origin: .zero)
        let keyboard = try KeyboardDrag(picking: drag, targets: KeyboardDropTargets(gridCount: 8, albums: [4]),
                                        rules: arranged)
        // Picked up where it is: no place to move to, and the arrows find none either.
        #expect(keyboard.proposal.forbiddenReason == .gridIsArranged)
        #expect(keyboard.moveSelectionEarlier().forbiddenReason == .gridIsArranged)
        #expect(keyboard.moveInsertionPoint(by: 3).forbiddenReason == .gridIsArranged)
        // Tab still reaches the album, which takes the photo.
        #expect(keyboard.nextTarget() == DropProposal(operation: .copy, intent: .insertInto(4)))
        guard case .addToAlbum(4, let items, removingFromSource: false) = try keyboard.drop() else {
            Issue.record("expected the album to take the photo"); return
        }
        #expect(items.count == 1)
    }
}
