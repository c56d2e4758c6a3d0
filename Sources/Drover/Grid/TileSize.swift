import DragKit

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

    /// Thumbnails are decoded once, for the largest tiles (a little over, for sharp edges).
    static let thumbnailBox = Int(TileSize.large.cellSize.width * 1.1)
}
