import Foundation
import Testing
import PropertyBased
@testable import DragKit

/// The album list as a DragKit target: photos go *into* the album row under the pointer,
/// album rows go *between* rows, with the grid's reorder arithmetic.
@MainActor @Suite struct AlbumListTests {
    // "All Photos", then albums 10, 20, 30.
    let list = AlbumList(albums: [10, 20, 30], leadingRows: 1)

    func photos(shift: Bool = false) -> DropSession {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 0)], origin: .zero)
        try? drag.beginDragging()
        let drop = DropSession(local: drag)
        if shift { drop.modifiers = .shift }
        return drop
    }

    @Test func photosGoIntoTheAlbumUnderThePointer() {
        #expect(list.target(at: .row(2, fraction: 0.9), reordering: false) == .album(20))
        #expect(list.target(at: .row(0, fraction: 0.5), reordering: false) == .nothing)  // All Photos
        // Below the rows is the new-album place; the app's own photos make no album there.
        #expect(list.target(at: .belowRows, reordering: false) == .newAlbum)
        #expect(photos().proposal(for: .newAlbum) == .none)
        #expect(photos().proposal(for: .album(20)) == DropProposal(operation: .copy, intent: .insertInto(20)))
        #expect(photos(shift: true).proposal(for: .album(20)) == DropProposal(operation: .move, intent: .insertInto(20)))
        // Photos never go between rows.
        #expect(photos().proposal(for: .albumList(insertionIndex: 1)) == .none)
    }

    @Test func albumRowsGoBetweenRowsByTheMidpoint() {
        #expect(list.target(at: .row(2, fraction: 0.4), reordering: true) == .albumList(insertionIndex: 1))
        #expect(list.target(at: .row(2, fraction: 0.6), reordering: true) == .albumList(insertionIndex: 2))
        #expect(list.target(at: .row(0, fraction: 0.9), reordering: true) == .albumList(insertionIndex: 0))
        #expect(list.target(at: .belowRows, reordering: true) == .albumList(insertionIndex: 3))
    }

    @Test func draggingTheFirstAlbumBelowTheLastMovesItToTheEnd() throws {
        let drop = DropSession(local: albumRowDrag(album: 10, at: 0))
        let target = list.target(at: .row(3, fraction: 0.8), reordering: drop.carriesContainers)
        #expect(drop.update(target: target) == DropProposal(operation: .move, intent: .insertAt(3)))
        guard case .reorderContainers(let selection, let insertion, let final) = try drop.performDrop() else {
            Issue.record("expected an album reorder"); return
        }
        #expect(insertion == 3)
        #expect(final == 2)
        #expect(selection.applied(to: list.albums, insertionIndex: insertion) == [20, 30, 10])
    }

    @Test func anAlbumDroppedAtItsOwnPlaceChangesNothing() throws {
        let drag = albumRowDrag(album: 20, at: 1)
        let drop = DropSession(local: drag)
        for spot in [AlbumList.Spot.row(1, fraction: 0.7), .row(2, fraction: 0.2), .row(2, fraction: 0.8), .row(3, fraction: 0.1)] {
            #expect(drop.update(target: list.target(at: spot, reordering: true)).isNoChange, "\(spot)")
        }
        guard case .nothing = try drop.performDrop() else { Issue.record("expected nothing"); return }
        #expect(drag.phase == .cancelled)
    }

    @Test func anAlbumRowIsRefusedByEveryOtherTarget() {
        let drop = DropSession(local: albumRowDrag(album: 20, at: 1))
        for target in [DropTarget.album(30), .grid(insertionIndex: 2), .gridTile(1, insertionIndex: 2), .deleteZone] {
            #expect(drop.proposal(for: target).forbiddenReason == .unsupportedContent, "\(target)")
        }
    }

    /// Over random lists, the dragged album and a spot: the proposal and the drop agree
    /// with a plain reference (take the album out, put it before the row under the pointer,
    /// or after it in its lower half), and "no change" means exactly that the order stays.
    @Test func reorderingAlbumsMatchesAReference() async {
        await propertyCheck(count: 400, input: Gen.int(in: 1...12), Gen.int(in: 0...11), Gen.int(in: 0...3),
                            Gen.int(in: -1...14), Gen.int(in: 0...100)) { count, rawFrom, leading, rawRow, percent in
            let albums = (0..<count).map { ContainerID(Int64(100 + $0)) }
            let list = AlbumList(albums: albums, leadingRows: leading)
            let from = rawFrom % count
            let spot: AlbumList.Spot = rawRow < 0 ? .belowRows : .row(rawRow, fraction: Double(percent) / 100)

            // Reference: the albums as rows, with a marker where the row lands.
            var rows: [ContainerID?] = Array(repeating: nil, count: leading) + albums
            let markerRow: Int
            switch spot {
            case .belowRows: markerRow = rows.count
            case .row(let row, let fraction): markerRow = min(rows.count, row + (fraction > 0.5 ? 1 : 0))
            }
            let marker = ContainerID(-1)
            rows.insert(marker, at: markerRow)
            var reordered = rows.compactMap { $0 }.filter { $0 != albums[from] }
            reordered.insert(albums[from], at: reordered.firstIndex(of: marker)!)
            reordered.removeAll { $0 == marker }

            let drop = DropSession(local: albumRowDrag(album: albums[from].rawValue, at: from))
            let target = list.target(at: spot, reordering: true)
            guard case .albumList(let insertion) = target else {
                Issue.record("an album row goes between rows, not \(target)"); return
            }
            #expect((0...count).contains(insertion))
            let proposal = drop.update(target: target)
            #expect(proposal.isNoChange == (reordered == albums))
            guard let action = try? drop.performDrop() else { Issue.record("drop refused"); return }
            switch action {
            case .reorderContainers(let selection, let index, let final):
                #expect(selection.applied(to: albums, insertionIndex: index) == reordered)
                #expect(reordered[final] == albums[from])
            case .nothing:
                #expect(reordered == albums)
            default:
                Issue.record("unexpected \(action)")
            }
        }
    }

    /// Over random lists and spots: photos go into exactly the album whose row is under the
    /// pointer, and nowhere else.
    @Test func photosGoIntoExactlyTheRowsAlbum() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...10), Gen.int(in: 0...3), Gen.int(in: -1...14)) {
            count, leading, rawRow in
            let albums = (0..<count).map { ContainerID(Int64(100 + $0)) }
            let list = AlbumList(albums: albums, leadingRows: leading)
            let spot: AlbumList.Spot = rawRow < 0 ? .belowRows : .row(rawRow, fraction: 0.5)
            let target = list.target(at: spot, reordering: false)
            if rawRow >= leading, rawRow - leading < count {
                #expect(target == .album(albums[rawRow - leading]))
                #expect(photos().proposal(for: target).intent == .insertInto(albums[rawRow - leading]))
            } else if rawRow < 0 {
                #expect(target == .newAlbum)
            } else {
                #expect(target == .nothing)
            }
        }
    }
}
