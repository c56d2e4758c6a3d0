import DragKit
import GalleryKit

/// The grid's three tile sizes (Ctrl+plus, Ctrl+minus, Ctrl+scroll). Everything that
/// places tiles, keyboard paging and DragKit's grid geometry included, reads the cell
/// size from here.
enum TileSize: String, CaseIterable {
    case small, medium, large

    var cellSize: Size {
        switch self {
        case .small: Size(width: 128, height: 156)
        case .medium: Size(width: 176, height: 204)
        case .large: Size(width: 240, height: 268)
        }
    }

    var larger: TileSize { TileSize.allCases.first { $0.cellSize.width > cellSize.width } ?? self }
    var smaller: TileSize { TileSize.allCases.last { $0.cellSize.width < cellSize.width } ?? self }

    /// Thumbnails are decoded once, for the largest tiles (a little over, for sharp edges),
    /// in device pixels: on a scale-2 screen a tile has twice as many each way.
    static func thumbnailBox(scale: Int) -> Int { Int(TileSize.large.cellSize.width * 1.1) * max(1, scale) }

    /// The size import makes thumbnails at, for a screen of `scale`: GalleryKit's usual 256
    /// at scale 1 (the large tiles' box, 264, is barely over it), and the decode box above
    /// that, so a scale-2 screen gets 528 px thumbnails and sharp tiles. A library imported
    /// at scale 1 keeps its 256 px thumbnails (softer at scale 2).
    static func storedThumbnailSize(scale: Int) -> Int {
        scale <= 1 ? ImportLimits().thumbnailSize : thumbnailBox(scale: scale)
    }

    /// How many decoded thumbnails the grid keeps: the same memory at every scale (a
    /// scale-2 texture holds four times the pixels), and still several screens' worth.
    static func textureCacheCapacity(scale: Int) -> Int { max(150, 600 / (max(1, scale) * max(1, scale))) }
}
