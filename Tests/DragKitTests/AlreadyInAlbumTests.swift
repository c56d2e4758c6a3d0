import Testing
@testable import DragKit

/// Issue 14, defect 7: adding photos to an album they are already in is no change,
/// and says so; when only some are there, the drop adds the rest.
@MainActor @Suite struct AlreadyInAlbumTests {
    let travel: ContainerID = 3
    let animals: ContainerID = 4

    func drag(_ albums: [Set<ContainerID>]) -> (DragSession, DropSession) {
        let items = albums.enumerated().map { index, containers in
            var item = photoItem(100 + index, sourceIndex: index)
            item.containers = containers
            return item
        }
        let drag = DragSession(items: items, origin: .zero)
        try? drag.beginDragging()
        return (drag, DropSession(local: drag))
    }

    @Test func photosAllInTheAlbumAreProposedAsNoChange() {
        let (_, drop) = drag([[travel], [travel, animals], [travel]])
        let proposal = drop.proposal(for: .album(travel))
        #expect(proposal.isNoChange)
        #expect(!proposal.performsDrop)
        #expect(proposal.alreadyInTarget == 3)
        #expect(proposal.intent == .insertInto(travel))
        // Another album still takes them.
        #expect(drop.proposal(for: .album(animals)) == DropProposal(operation: .copy, intent: .insertInto(animals),
                                                                    alreadyInTarget: 1))
    }

    @Test func droppingThemThereDoesNothing() throws {
        let (drag, drop) = drag([[travel], [travel]])
        drop.update(target: .album(travel))
        guard case .nothing = try drop.performDrop() else {
            Issue.record("a drop of photos already in the album did something")
            return
        }
        #expect(drag.phase == .cancelled)
    }

    @Test func photosPartlyInTheAlbumAddOnlyTheRest() throws {
        let (_, drop) = drag([[travel], [], [animals]])
        let proposal = drop.update(target: .album(travel))
        #expect(proposal == DropProposal(operation: .copy, intent: .insertInto(travel), alreadyInTarget: 1))
        guard case .addToAlbum(let album, let items, let moving) = try drop.performDrop() else {
            Issue.record("the drop did not add")
            return
        }
        #expect(album == travel && !moving)
        #expect(items.map(\.sourceIndex) == [1, 2])
    }

    @Test func movingPhotosThatAreThereStillTakesThemFromTheirAlbum() throws {
        let (_, drop) = drag([[travel, animals]])
        drop.modifiers = .shift
        let proposal = drop.update(target: .album(travel))
        #expect(proposal.operation == .move && !proposal.isNoChange)
        guard case .addToAlbum(_, let items, let moving) = try drop.performDrop() else {
            Issue.record("the move did not happen")
            return
        }
        #expect(moving && items.count == 1)
    }
}
