import Foundation
import DecoderKit
@testable import GalleryKit

/// Library items for the tests: photos named by number ("p3"), made without a library.
enum TestItems {
    static let location = LibraryLocation(directory: URL(fileURLWithPath: "/library", isDirectory: true))

    static func photo(_ id: Int64, title: String? = nil, day: Double = 0, albums: [String] = []) -> GalleryItem {
        GalleryItem(id: .photo(PhotoID(rawValue: id)), title: title ?? "p\(id)",
                    date: Date(timeIntervalSince1970: day * 86_400), pixelSize: PixelSize(width: 4, height: 3),
                    covers: [], count: 1, albumNames: albums,
                    members: [GalleryItem.Member(photoID: PhotoID(rawValue: id), title: title ?? "p\(id)",
                                                file: location.photoFile(fileName: "p\(id).png"))])
    }

    static func photos(_ ids: ClosedRange<Int64>) -> [GalleryItem] { ids.map { photo($0) } }
}
