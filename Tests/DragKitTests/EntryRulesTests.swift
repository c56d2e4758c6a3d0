import Foundation
import Testing
import PropertyBased
@testable import DragKit

/// Acceptance on enter: one rule (`DropRules.entryOperation`) that the grid and the album
/// list both ask when a drag enters them, before any position is known.
@MainActor @Suite struct EntryRulesTests {
    func inAppPhotos() -> DropSession {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 0), photoItem(2, sourceIndex: 3)], origin: .zero)
        try? drag.beginDragging()
        return DropSession(local: drag)
    }

    func image(offering operations: DragOperations = [.copy, .move]) -> DropSession {
        var provider = ItemProvider(suggestedName: "holiday.png")
        provider.register(.png) { _ in Data() }
        return DropSession(external: [DragItem(provider: provider)], offering: operations)
    }

    @Test func theGridAndTheAlbumListTakeWhatTheyCanImport() {
        #expect(inAppPhotos().enter(.grid) == .move)
        #expect(inAppPhotos().enter(.albumList) == .move)
        #expect(image().enter(.grid) == .copy)
        #expect(image(offering: [.move]).enter(.albumList) == .copy)
        for zone in [DropZone.grid, .albumList] {
            #expect(DropSession(external: [textItem("hi")]).enter(zone) == .forbidden(.unsupportedContent))
            #expect(image(offering: []).enter(zone) == .forbidden(.sourceOffersNoOperation))
        }
    }

    @Test func anAlbumRowEntersOnlyTheAlbumList() {
        let drop = DropSession(local: albumRowDrag(album: 7, at: 1))
        #expect(drop.carriesContainers)
        #expect(drop.enter(.albumList) == .move)
        #expect(drop.enter(.grid) == .forbidden(.unsupportedContent))
        #expect(drop.enter(.deleteZone) == .forbidden(.unsupportedContent))
        #expect(!inAppPhotos().carriesContainers)
    }

    @Test func theDeleteZoneTakesOnlyLibraryPhotos() {
        #expect(inAppPhotos().enter(.deleteZone) == .move)
        #expect(image().enter(.deleteZone) == .forbidden(.trashAcceptsOnlyLibraryPhotos))
    }

    /// Entering never contradicts the motion that follows: a zone refuses a drag on enter
    /// exactly when every target in it refuses it, for the same reason.
    @Test func enteringAgreesWithEveryTargetOfTheZone() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...31), Gen.int(in: 0...9)) { code, index in
            let isLocal = code & 1 != 0
            let facts = DropRules.DragFacts(isLocal: isLocal, hasImportableContent: code & 2 != 0,
                                            selection: MovingSelection([index / 2]),
                                            offeredOperations: DragOperations(rawValue: code >> 3 & 3),
                                            carriesContainers: isLocal && code & 4 != 0)
            let rules = DropRules()
            let zones: [(DropZone, [DropTarget])] = [
                (.grid, [.grid(insertionIndex: index), .gridTile(index, insertionIndex: index)]),
                (.albumList, [.album(ContainerID(Int64(index))), .albumList(insertionIndex: index)]),
                (.deleteZone, [.deleteZone]),
                (.viewer, [.viewer(showingEntry: index)]),
            ]
            for (zone, targets) in zones {
                let entry = rules.entryOperation(into: zone, facts: facts)
                let proposals = targets.map { rules.proposal(for: $0, facts: facts, modifiers: []) }
                if case .forbidden(let reason) = entry {
                    #expect(proposals.allSatisfy { !$0.performsDrop }, "\(zone) \(facts)")
                    #expect(proposals.contains { $0.forbiddenReason == reason }, "\(zone) \(facts)")
                } else {
                    // Some target of the zone takes the drag (or it is already where it would go).
                    #expect(entry == .copy || entry == .move)
                    #expect(proposals.contains { $0.performsDrop || $0.isNoChange }, "\(zone) \(facts)")
                }
            }
        }
    }
}

/// An album row being dragged: one item standing for the album, at its place in the list.
@MainActor func albumRowDrag(album: Int64, at index: Int) -> DragSession {
    let drag = DragSession(items: [DragItem(provider: ItemProvider(), localObject: LocalObject(ContainerID(album)),
                                            sourceIndex: index)], origin: .zero)
    try? drag.beginDragging()
    return drag
}
