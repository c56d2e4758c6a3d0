import ChangeKit
import Foundation
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// Sorting and search are views of a collection: they order and filter the items the
/// library keeps in the user's own order, and tell the grid the difference as steps.
@Suite struct SortAndSearchTests {
    static func item(_ id: Int64, _ title: String, day: Double, place: String? = nil,
                     albums: [String] = [], note: String? = nil) -> GalleryItem {
        GalleryItem(id: note == nil ? .photo(PhotoID(rawValue: id)) : .note(NoteID(rawValue: id)),
                    title: title, date: Date(timeIntervalSince1970: day * 86_400),
                    pixelSize: PixelSize(width: 4, height: 3), covers: [], count: 1,
                    albumNames: albums, noteText: note, placeName: place)
    }

    let own = [item(1, "Harbour", day: 3), item(2, "apple", day: 1), item(3, "Bridge", day: 2),
               item(4, "Same day", day: 2)]

    @Test func datesSortNewestOrOldestFirstAndTiesKeepTheUsersOrder() {
        #expect(GallerySort.dateNewestFirst.ordered(own).map(\.title) == ["Harbour", "Bridge", "Same day", "apple"])
        #expect(GallerySort.dateOldestFirst.ordered(own).map(\.title) == ["apple", "Bridge", "Same day", "Harbour"])
        #expect(GallerySort.own.ordered(own).map(\.title) == own.map(\.title))
    }

    @Test func titlesSortIgnoringCase() {
        #expect(GallerySort.title.ordered(own).map(\.title) == ["apple", "Bridge", "Harbour", "Same day"])
    }

    @Test func everyKeptSortOrderReadsBackFromItsName() {
        for sort in GallerySort.allCases { #expect(GallerySort(rawValue: sort.rawValue) == sort) }
        #expect(GallerySort(rawValue: "nonsense") == nil)
    }

    @Test func searchFindsTitlesPlacesAlbumsQRTextsAndNotesIgnoringCaseAndAccents() {
        let items = [Self.item(1, "Harbour at dusk", day: 1, place: "Sausalito, California, US"),
                     Self.item(2, "Lunch", day: 1, albums: ["Café trips"]),
                     Self.item(3, "Ticket", day: 1),
                     Self.item(4, "Shopping", day: 1, note: "Buy milk\nand bread")]
        var index = SearchIndex(items: items, qrTexts: [:])
        func found(_ query: String) -> [GalleryItem.ID] {
            zip(index.matchMask(query), items).compactMap { $0 ? $1.id : nil }
        }
        #expect(found("sausal") == [items[0].id])
        #expect(found("HARBOUR") == [items[0].id])
        #expect(found("cafe") == [items[1].id])
        #expect(found("bread") == [items[3].id])
        #expect(found("ticket.example") == [])
        #expect(found("  ").count == 4)
        // Every word must match, each anywhere in the item's texts.
        #expect(found("dusk california") == [items[0].id])
        #expect(found("dusk milk") == [])
        // QR texts are searched only for photos that carry them; the photo is a member.
        let ticket = GalleryItem(id: items[2].id, title: "Ticket", date: items[2].date, pixelSize: items[2].pixelSize,
                                 covers: [], count: 1, albumNames: [],
                                 members: [.init(photoID: PhotoID(rawValue: 3), title: "Ticket",
                                                 file: LibraryFile(folder: URL(fileURLWithPath: "/tmp"), name: "t.jpg"))])
        index = SearchIndex(items: [ticket], qrTexts: [PhotoID(rawValue: 3): ["https://ticket.example/42"]])
        #expect(index.matchMask("ticket.example/42") == [true])
        #expect(index.matchMask("ticket.example/43") == [false])
    }

    @Test func anIndexFollowingChangesFindsWhatAFreshIndexFinds() {
        var index = SearchIndex(items: own, qrTexts: [:])
        var items = own
        let steps: [ChangeStep<GalleryItem>] = [
            .insert(Self.item(5, "Tide tables", day: 4), at: 1),
            .remove(at: 3),  // Bridge
            .move(from: 0, to: 3),  // Harbour to the end
            .update(Self.item(2, "Apple orchard", day: 1, place: "Sebastopol"), at: 1),
        ]
        items.apply(steps)
        index.apply(steps)

        #expect(index.count == items.count)
        let fresh = SearchIndex(items: items, qrTexts: [:])
        for query in ["tide", "orchard sebastopol", "harbour", "bridge", "apple", "same", "a"] {
            #expect(index.matchMask(query) == fresh.matchMask(query), "\(query)")
        }
        // Tide tables, Apple orchard, Same day, Harbour.
        #expect(index.matchMask("bridge") == [false, false, false, false])
        #expect(index.matchMask("tide") == [true, false, false, false])
        #expect(index.matchMask("orchard sebastopol") == [false, true, false, false])
        #expect(index.matchMask("harbour") == [false, false, false, true])
    }

    @Test func aViewFiltersTheSortedPositionsByTheSearch() {
        let sorted = GallerySort.dateOldestFirst.positions(of: own)
        #expect(CollectionView.items(from: own, sorted: sorted, mask: nil).map(\.title)
                == ["apple", "Bridge", "Same day", "Harbour"])
        #expect(CollectionView.items(from: own, sorted: sorted, mask: [true, true, false, false]).map(\.title)
                == ["apple", "Harbour"])
    }

    @Test func stepsFromOneViewToTheNextReproduceIt() throws {
        let before = GallerySort.dateNewestFirst.ordered(own)
        var changed = own
        changed.remove(at: 1)  // apple gone
        changed.append(Self.item(5, "New", day: 2.5))  // lands between Harbour and Bridge
        changed[0] = Self.item(1, "Harbour renamed", day: 3)
        let after = GallerySort.dateNewestFirst.ordered(changed)
        let steps = try #require(CollectionView.steps(from: before, to: after))
        var shown = before
        shown.apply(steps)
        #expect(shown == after)
        #expect(steps.count == 3)  // one remove, one insert, one update
        // Reversing a large list is past the limit: replace it instead.
        let many = (1...600).map { Self.item(Int64($0), "p\($0)", day: Double($0)) }
        #expect(CollectionView.steps(from: many, to: many.reversed()) == nil)
        var moved = many
        moved.insert(moved.remove(at: 500), at: 3)
        let few = try #require(CollectionView.steps(from: many, to: moved))
        var replayed = many
        replayed.apply(few)
        #expect(replayed == moved)
    }
}
