import Foundation
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// An item keeps its fields in one shared box, and a single photo's cover and member
/// without arrays: what it says, and how it compares, must be what the fields say.
@Suite struct GalleryItemStorageTests {
    let location = LibraryLocation(directory: URL(fileURLWithPath: "/library", isDirectory: true))

    func photo(title: String = "Harbour", turned rotation: PhotoRotation = .upright, missing: Bool = false) -> GalleryItem {
        let id = PhotoID(rawValue: 7)
        return GalleryItem(id: .photo(id), title: title, date: Date(timeIntervalSince1970: 86_400),
                           pixelSize: PixelSize(width: 4, height: 3),
                           covers: [.init(photoID: id, isMissing: missing, thumbnail: location.thumbnailFile(photoFileName: "IMG_0001.jpg", format: .jpeg),
                                          rotation: rotation)],
                           count: 1, albumNames: ["Trips"],
                           members: [.init(photoID: id, title: title, file: location.photoFile(fileName: "IMG_0001.jpg"),
                                           rotation: rotation, pixelSize: PixelSize(width: 4, height: 3))])
    }

    @Test func aSinglePhotoGivesBackItsCoverAndMemberAndTheThumbnailItsOwnName() {
        let item = photo()
        #expect(item.covers.map(\.photoID) == [PhotoID(rawValue: 7)])
        #expect(item.members.map(\.fileURL.path) == ["/library/photos/IMG_0001.jpg"])
        #expect(item.thumbnailURLs.map(\.path) == ["/library/thumbnails/IMG_0001.jpg.jpg"])
        #expect(!item.isMissing)
        #expect(photo(missing: true).isMissing)
    }

    @Test func itemsCompareByTheirFieldsNotByTheirBox() {
        #expect(photo() == photo())
        #expect(photo().hashValue == photo().hashValue)
        // A changed title or turn is a change the grid must show (`CollectionView.steps`).
        #expect(photo() != photo(title: "Bridge"))
        #expect(photo() != photo(turned: .right))
    }

    @Test func aStackKeepsItsCoversAndMembersInOrder() {
        let ids = (1...4).map { PhotoID(rawValue: $0) }
        let stack = GalleryItem(id: .stack(StackID(rawValue: 1)), title: "Stack", date: Date(timeIntervalSince1970: 0),
                                pixelSize: PixelSize(width: 1, height: 1),
                                covers: ids.prefix(3).map { .init(photoID: $0, isMissing: false, thumbnail: location.thumbnailFile(photoFileName: "\($0.rawValue).jpg", format: .png)) },
                                count: 4, albumNames: [],
                                members: ids.map { .init(photoID: $0, title: "\($0.rawValue)", file: location.photoFile(fileName: "\($0.rawValue).jpg")) })
        #expect(stack.covers.map(\.photoID) == Array(ids.prefix(3)))
        #expect(stack.members.map(\.photoID) == ids)
    }
}
