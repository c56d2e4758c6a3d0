import DragKit

/// What drags and drops need to know of what the window's gallery shows. One object, made
/// with the window: the `GalleryController` keeps it up to date, and the `DragCoordinator`
/// reads it for every drag and drop (`items`, `rules`), so no controller writes to another's
/// state.
@MainActor
final class DragContext {
    /// The albums by name, as the sidebar lists them: a tile knows its albums by name, and
    /// DragKit's rules want to know which albums a photo is in already ("Already in Travel").
    var albumIDsByName: [String: ContainerID] = [:]
    /// How the grid orders its photos now (sorted or searched: `.arranged`). Every drop
    /// session and keyboard drag reads it through `DragCoordinator.rules` when it starts.
    var gridOrder: GridOrder = .own
}
