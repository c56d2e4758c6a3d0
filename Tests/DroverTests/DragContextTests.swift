import DragKit
import XCTest
@testable import Drover
@testable import GalleryKit

/// What the gallery shows reaches every drag and drop through one `DragContext`, given to
/// the gallery (which keeps it) and to the drag coordinator (which reads it).
final class DragContextTests: XCTestCase {
    @MainActor func testTheRulesFollowTheGridsOrder() async {
        let context = DragContext()
        let coordinator = DragCoordinator(context: context)
        XCTAssertEqual(coordinator.rules.gridOrder, .own)
        context.gridOrder = .arranged
        XCTAssertEqual(coordinator.rules.gridOrder, .arranged)
        XCTAssertTrue(coordinator.rules.importableTypes.contains(.uriList))
    }

    @MainActor func testADraggedPhotoKnowsItsAlbumsByTheNamesTheSidebarLists() async {
        let context = DragContext()
        let coordinator = DragCoordinator(context: context)
        let photo = TestItems.photo(1, albums: ["Travel", "Cats"])
        XCTAssertEqual(coordinator.items.make(for: photo, at: 0).first?.containers, [])
        context.albumIDsByName = ["Travel": ContainerID(4), "Dogs": ContainerID(5)]
        let items = coordinator.items.make(for: photo, at: 0)
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?.containers, [ContainerID(4)])
        XCTAssertEqual(items.first?.sourceIndex, 0)
    }
}
