import Foundation
import Testing
import PropertyBased
@testable import DragKit

@MainActor @Suite struct DropRulesTests {
    func inAppDrag(sourceIndices: [Int]) -> (DragSession, DropSession) {
        let items = sourceIndices.map { photoItem(100 + $0, sourceIndex: $0) }
        let drag = DragSession(items: items, origin: .zero)
        try? drag.beginDragging()
        return (drag, DropSession(local: drag))
    }

    func externalDrop(offering operations: DragOperations = [.copy, .move]) -> DropSession {
        var provider = ItemProvider(suggestedName: "holiday.png")
        provider.register(.png) { _ in Data() }
        return DropSession(external: [DragItem(provider: provider)], offering: operations)
    }

    @Test func anInAppDragOverTheGridMoves() {
        let (_, drop) = inAppDrag(sourceIndices: [2])
        #expect(drop.update(target: .grid(insertionIndex: 5)) == DropProposal(operation: .move, intent: .insertAt(5)))
    }

    @Test func anExternalDragCopiesEvenWhenMoveIsOffered() {
        let drop = externalDrop(offering: [.move])
        #expect(drop.proposal(for: .grid(insertionIndex: 3)) == DropProposal(operation: .copy, intent: .insertAt(3)))
        drop.modifiers = .shift
        #expect(drop.proposal(for: .album(7)) == DropProposal(operation: .copy, intent: .insertInto(7)))
        #expect(externalDrop(offering: []).proposal(for: .grid(insertionIndex: 0)).forbiddenReason == .sourceOffersNoOperation)
    }

    @Test func anAlbumRowTakesCopiesAndMovesWithShift() {
        let (_, drop) = inAppDrag(sourceIndices: [0, 1])
        #expect(drop.proposal(for: .album(3)) == DropProposal(operation: .copy, intent: .insertInto(3)))
        drop.modifiers = .shift
        #expect(drop.proposal(for: .album(3)) == DropProposal(operation: .move, intent: .insertInto(3)))
    }

    @Test func theDeleteZoneTrashesOnlyLibraryPhotos() {
        let (_, drop) = inAppDrag(sourceIndices: [4])
        #expect(drop.proposal(for: .deleteZone) == DropProposal(operation: .move))
        let outside = externalDrop().proposal(for: .deleteZone)
        #expect(outside.forbiddenReason == .trashAcceptsOnlyLibraryPhotos)
        #expect(!outside.performsDrop)
    }

    @Test func aDropOnTheViewerGoesRightAfterTheViewedPhoto() throws {
        let outside = externalDrop()
        #expect(outside.update(target: .viewer(showingEntry: 3)) == DropProposal(operation: .copy, intent: .insertAt(4)))
        guard case .insertCopies(_, let index) = try outside.performDrop() else { Issue.record("expected copies"); return }
        #expect(index == 4)
        // The viewed photo dropped on its own viewer stays where it is.
        let (drag, onItself) = inAppDrag(sourceIndices: [3])
        #expect(onItself.update(target: .viewer(showingEntry: 3)).isNoChange)
        guard case .nothing = try onItself.performDrop() else { Issue.record("expected no action"); return }
        #expect(drag.phase == .cancelled)
        // Album rows never land on a photo.
        #expect(DropRules().entryOperation(into: .viewer, facts: .init(isLocal: true, hasImportableContent: true,
                                                                         carriesContainers: true))
                == .forbidden(.unsupportedContent))
    }

    @Test func unsupportedContentIsForbiddenWithAReason() {
        let drop = DropSession(external: [textItem("hello"), textItem("there")])
        for target in [DropTarget.grid(insertionIndex: 0), .album(1), .deleteZone, .viewer(showingEntry: 0)] {
            let proposal = drop.proposal(for: target)
            #expect(proposal.operation == .forbidden(.unsupportedContent))
            #expect(proposal.forbiddenReason?.message.isEmpty == false)
        }
        #expect(drop.proposal(for: .nothing) == .none)
    }

    @Test func aPhotoDroppedBackAtItsOwnPlaceChangesNothing() throws {
        let (drag, drop) = inAppDrag(sourceIndices: [2])
        // Both sides of photo 2 are its own place.
        for index in [2, 3] {
            let proposal = drop.update(target: .grid(insertionIndex: index))
            #expect(proposal == DropProposal(operation: .cancel, intent: .insertAt(index), isNoChange: true))
        }
        #expect(drop.proposal(for: .grid(insertionIndex: 4)).operation == .move)
        #expect(drop.proposal(for: .grid(insertionIndex: 1)).operation == .move)
        guard case .nothing = try drop.performDrop() else { Issue.record("expected no action"); return }
        #expect(drag.phase == .cancelled)
    }

    @Test func aScatteredSelectionDroppedInsideItselfStillGathers() {
        let (_, drop) = inAppDrag(sourceIndices: [1, 3])
        #expect(drop.proposal(for: .grid(insertionIndex: 2)).operation == .move)
        let (_, run) = inAppDrag(sourceIndices: [3, 4, 5])
        #expect(run.proposal(for: .grid(insertionIndex: 4)).isNoChange)
        #expect(run.proposal(for: .grid(insertionIndex: 6)).isNoChange)
        #expect(!run.proposal(for: .grid(insertionIndex: 7)).isNoChange)
    }

    @Test func draggingItemTwoToInsertionFiveLandsAtFour() throws {
        let (drag, drop) = inAppDrag(sourceIndices: [2])
        drop.update(target: .grid(insertionIndex: 5))
        guard case .reorder(let selection, let insertion, let final) = try drop.performDrop() else {
            Issue.record("expected a reorder"); return
        }
        #expect(insertion == 5)
        #expect(final == 4)
        #expect(selection.applied(to: Array("abcdefg"), insertionIndex: insertion) == Array("abdecfg"))
        #expect(drag.phase == .dropped)
    }

    @Test func theEndOfTheCollectionIsAnInsertionIndex() throws {
        let (_, drop) = inAppDrag(sourceIndices: [0])
        drop.update(target: .grid(insertionIndex: 7))  // count == 7
        guard case .reorder(let selection, _, let final) = try drop.performDrop() else {
            Issue.record("expected a reorder"); return
        }
        #expect(final == 6)
        #expect(selection.applied(to: Array("abcdefg"), insertionIndex: 7) == Array("bcdefga"))
    }

    @Test func targetsReceiveTheItemsAtDropTime() throws {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 0)], origin: .zero)
        try drag.beginDragging()
        let drop = DropSession(local: drag)
        drop.update(target: .album(9))
        drag.add([photoItem(2, sourceIndex: 5)])  // flocks in after the target first looked
        guard case .addToAlbum(let album, let items, let removing) = try drop.performDrop() else {
            Issue.record("expected an album drop"); return
        }
        #expect(album == 9)
        #expect(!removing)
        #expect(items.compactMap { $0.localObject?.value(as: Int.self) } == [1, 2])
    }

    @Test func theModifierAtReleaseDecides() throws {
        let (_, drop) = inAppDrag(sourceIndices: [0])
        drop.update(target: .album(2))
        drop.modifiers = .shift
        guard case .addToAlbum(_, _, let removing) = try drop.performDrop() else {
            Issue.record("expected an album drop"); return
        }
        #expect(removing)
    }

    @Test func anExternalDropImportsOnlyWhatItCanUse() throws {
        let images = externalDrop().items + [textItem("caption")]
        let drop = DropSession(external: images)
        #expect(drop.canLoad(anyOf: [.png]))
        #expect(!drop.canLoad(anyOf: [.geoJSON]))
        drop.update(target: .grid(insertionIndex: 2))
        guard case .insertCopies(let items, let index) = try drop.performDrop() else {
            Issue.record("expected copies"); return
        }
        #expect(index == 2)
        #expect(items.count == 1)
    }

    @Test func trashingGivesTheDraggedPhotos() throws {
        let (_, drop) = inAppDrag(sourceIndices: [3, 8])
        drop.update(target: .deleteZone)
        guard case .moveToTrash(let items) = try drop.performDrop() else {
            Issue.record("expected trash"); return
        }
        #expect(items.map(\.sourceIndex) == [3, 8])
    }

    @Test func movingArithmeticMatchesAMarkerReference() async {
        // Reference: put a marker at the insertion point, lift the moved items out, then put
        // them where the marker ended up.
        await propertyCheck(count: 300, input: Gen.int(in: 0...12), Gen.int(in: 0...4095), Gen.int(in: 0...13)) {
            count, mask, rawInsertion in
            let elements = Array(0..<count)
            let moving = elements.filter { mask & (1 << $0) != 0 }
            let insertion = rawInsertion % (count + 1)
            let selection = MovingSelection(moving)

            var marked: [Int?] = elements
            marked.insert(nil, at: insertion)
            marked.removeAll { $0.map(moving.contains) ?? false }
            let markerIndex = marked.firstIndex(of: nil)!
            var expected = marked.compactMap { $0 }
            expected.insert(contentsOf: moving, at: markerIndex)

            #expect(selection.applied(to: elements, insertionIndex: insertion) == expected)
            #expect(selection.finalIndex(forInsertionIndex: insertion) == markerIndex)
            if !moving.isEmpty {
                #expect(selection.isNoChange(atInsertionIndex: insertion) == (expected == elements))
            }
        }
    }
}
