import GalleryKit

/// Drag and drop for one window: the shared drag coordinator and the
/// adapters that connect the grid's GTK drag source and drop target to it.
@MainActor
final class WindowDragAndDrop {
    let coordinator: DragCoordinator
    let importer: DropImporter
    private let gridDrags: GridDragController
    private let gridDrops: GridDropController
    private let deleteDrops: DeleteZoneDropController
    private let albumDrops: AlbumDropController
    private let sidebarSpringLoading: SidebarSpringLoading
    let commands: TileCommands
    let interaction: TileInteraction
    let keyboardDrag: KeyboardDragController
    let viewer: ViewerController
    private let viewerDrags: ViewerDragController
    let details: DetailsController

    init(window: MainWindow, gallery: GalleryController, dragContext: DragContext, thumbnails: ThumbnailCache) {
        coordinator = DragCoordinator(context: dragContext)
        importer = DropImporter(gallery: gallery, coordinator: coordinator)
        gridDrags = GridDragController(grid: window.grid, animations: window.animations, gallery: gallery,
                                       coordinator: coordinator, thumbnails: thumbnails)
        gridDrops = GridDropController(grid: window.grid, gallery: gallery, coordinator: coordinator, importer: importer)
        commands = TileCommands(gallery: gallery, importer: importer, coordinator: coordinator)
        interaction = TileInteraction(gallery: gallery, commands: commands)
        keyboardDrag = KeyboardDragController(window: window, gallery: gallery, coordinator: coordinator)
        interaction.startKeyboardDrag = { [keyboardDrag, commands] index in keyboardDrag.start(around: index, commands: commands) }
        albumDrops = AlbumDropController(sidebar: window.sidebar, gallery: gallery, coordinator: coordinator, importer: importer)
        sidebarSpringLoading = SidebarSpringLoading(fold: window.sidebarFold, coordinator: coordinator)
        deleteDrops = DeleteZoneDropController(window: window, gallery: gallery, coordinator: coordinator, thumbnails: thumbnails)
        viewer = ViewerController(window: window, gallery: gallery, thumbnails: thumbnails)
        viewerDrags = ViewerDragController(viewer: viewer, page: window.viewer, gallery: gallery, coordinator: coordinator,
                                           importer: importer, thumbnails: thumbnails)
        details = DetailsController(window: window, gallery: gallery, viewer: viewer)
    }
}
