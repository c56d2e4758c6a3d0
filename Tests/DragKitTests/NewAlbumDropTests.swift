import Foundation
import Testing
@testable import DragKit

/// The space below the album rows: a file list from another application (a file manager's
/// folders) makes new albums there; every other drag keeps what it did before.
@MainActor @Suite struct NewAlbumDropTests {
    let list = AlbumList(albums: [10, 20], leadingRows: 1)

    /// What a file manager drags: a file list (and, as GTK offers it, text).
    func fileManagerDrop(offering operations: DragOperations = [.copy, .move]) -> DropSession {
        var provider = ItemProvider(suggestedName: "Trip")
        provider.register(.uriList) { _ in Data("file:///home/me/Trip\r\n".utf8) }
        provider.register(.plainText) { _ in Data("/home/me/Trip".utf8) }
        return DropSession(external: [DragItem(provider: provider)], offering: operations)
    }

    /// What a browser or an image editor drags: image data, no file list.
    func imageDrop() -> DropSession {
        var provider = ItemProvider(suggestedName: "holiday.png")
        provider.register(.png) { _ in Data() }
        return DropSession(external: [DragItem(provider: provider)], offering: [.copy])
    }

    @Test func aFileListBelowTheRowsMakesAlbums() throws {
        let drop = fileManagerDrop()
        #expect(drop.enter(.albumList) == .copy)
        let target = list.target(at: .belowRows, reordering: drop.carriesContainers)
        #expect(target == .newAlbum)
        #expect(drop.update(target: target) == DropProposal(operation: .copy, intent: .newContainer))
        guard case .makeAlbums(let items) = try drop.performDrop() else { Issue.record("expected new albums"); return }
        #expect(items.count == 1)
        #expect(items[0].provider.canLoad(anyOf: [.uriList]))
    }

    @Test func itIsACopyEvenWithShiftOrWhenOnlyMoveIsOffered() {
        let drop = fileManagerDrop(offering: [.move])
        drop.modifiers = .shift
        #expect(drop.proposal(for: .newAlbum) == DropProposal(operation: .copy, intent: .newContainer))
    }

    @Test func aSourceThatAllowsNoCopyIsRefusedWithItsReason() {
        #expect(fileManagerDrop(offering: []).proposal(for: .newAlbum).forbiddenReason == .sourceOffersNoOperation)
    }

    @Test func imageDataMakesNoAlbum() throws {
        let drop = imageDrop()
        #expect(drop.update(target: .newAlbum) == .none)
        guard case .nothing = try drop.performDrop() else { Issue.record("expected nothing"); return }
    }

    @Test func theAppsOwnPhotosMakeNoAlbum() throws {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 0)], origin: .zero)
        try drag.beginDragging()
        let drop = DropSession(local: drag)
        #expect(drop.update(target: list.target(at: .belowRows, reordering: false)) == .none)
        guard case .nothing = try drop.performDrop() else { Issue.record("expected nothing"); return }
        #expect(drag.phase == .cancelled)
    }

    @Test func albumRowsStillGoToTheEndBelowTheRows() {
        let drop = DropSession(local: albumRowDrag(album: 10, at: 0))
        let target = list.target(at: .belowRows, reordering: drop.carriesContainers)
        #expect(target == .albumList(insertionIndex: 2))
        #expect(drop.proposal(for: target) == DropProposal(operation: .move, intent: .insertAt(2)))
        #expect(drop.proposal(for: .newAlbum).forbiddenReason == .unsupportedContent)
    }

    @Test func noOtherTargetAnswersWithANewAlbum() {
        let drop = fileManagerDrop()
        for target in [DropTarget.album(10), .grid(insertionIndex: 0), .albumList(insertionIndex: 1), .deleteZone, .nothing] {
            #expect(drop.proposal(for: target).intent != .newContainer, "\(target)")
        }
    }
}
