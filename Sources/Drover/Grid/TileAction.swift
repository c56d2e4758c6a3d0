/// What can be done to a tile without dragging it. Each is a parameterless
/// action on every tile (so it shows over AT-SPI) and an entry of its menu.
enum TileAction: String, CaseIterable {
    case copy
    case cut
    case pasteBefore = "paste-before"
    case pasteAfter = "paste-after"
    case moveEarlier = "move-earlier"
    case moveLater = "move-later"
    case addToAlbum = "add-to-album"
    case moveToAlbum = "move-to-album"
    case delete
    case startKeyboardDrag = "start-keyboard-drag"
    case openMenu = "open-menu"
    /// Moves keyboard focus to the tile. GTK 4.8 does not implement AT-SPI's
    /// GrabFocus, so this is how a tester (or a switch user) puts focus there.
    case focus

    /// The menu label.
    var title: String {
        switch self {
        case .copy: "Copy"
        case .cut: "Cut"
        case .pasteBefore: "Paste Before"
        case .pasteAfter: "Paste After"
        case .moveEarlier: "Move Earlier"
        case .moveLater: "Move Later"
        case .addToAlbum: "Add to Album…"
        case .moveToAlbum: "Move to Album…"
        case .delete: "Delete"
        case .startKeyboardDrag: "Move with Keyboard…"
        case .openMenu: "Menu"
        case .focus: "Focus"
        }
    }

    /// Menu sections, in order.
    static let menuSections: [[TileAction]] = [
        [.copy, .cut, .pasteBefore, .pasteAfter],
        [.moveEarlier, .moveLater, .startKeyboardDrag],
        [.addToAlbum, .moveToAlbum],
        [.delete],
    ]
}
