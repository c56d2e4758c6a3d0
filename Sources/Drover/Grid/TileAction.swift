import Localization
/// What can be done to a tile without dragging it. Each is a parameterless
/// action on every tile (so it shows over AT-SPI) and an entry of its menu.
enum TileAction: String, CaseIterable {
    /// Shows the photo large, in the viewer.
    case open
    /// Shows the photo's details.
    case details
    /// Opens the photo, as seen, in an application the user picks.
    case openWith = "open-with"
    /// Writes the photos, as seen, into a folder the user picks.
    case export
    /// Turns the photos a quarter turn (in the library only; see `PhotoRotation`).
    case rotateLeft = "rotate-left"
    case rotateRight = "rotate-right"
    /// Makes one stack of the selected photos; breaks a stack into its photos.
    case stack
    case unstack
    case copy
    case cut
    case pasteBefore = "paste-before"
    case pasteAfter = "paste-after"
    case moveEarlier = "move-earlier"
    case moveLater = "move-later"
    case addToAlbum = "add-to-album"
    case moveToAlbum = "move-to-album"
    case delete
    case openInMaps = "open-in-maps"
    case copyLocation = "copy-location"
    case exportQRCodes = "export-qr-codes"
    case startKeyboardDrag = "start-keyboard-drag"
    case openMenu = "open-menu"
    /// Moves keyboard focus to the tile. GTK 4.8 does not implement AT-SPI's
    /// GrabFocus, so this is how a tester (or a switch user) puts focus there.
    case focus

    /// The menu label.
    var title: String {
        switch self {
        case .open: tr("Open")
        case .details: tr("Details")
        case .openWith: tr("Open With…")
        case .export: tr("Export…")
        case .rotateLeft: tr("Rotate Left")
        case .rotateRight: tr("Rotate Right")
        case .stack: tr("Stack Photos")
        case .unstack: tr("Unstack")
        case .copy: tr("Copy")
        case .cut: tr("Cut")
        case .pasteBefore: tr("Paste Before")
        case .pasteAfter: tr("Paste After")
        case .moveEarlier: tr("Move Earlier")
        case .moveLater: tr("Move Later")
        case .addToAlbum: tr("Add to Album…")
        case .moveToAlbum: tr("Move to Album…")
        case .delete: tr("Delete")
        case .openInMaps: tr("Open in Maps")
        case .copyLocation: tr("Copy Location")
        case .exportQRCodes: tr("Export QR Codes…")
        case .startKeyboardDrag: tr("Move with Keyboard…")
        case .openMenu: tr("Menu")
        case .focus: tr("Focus")
        }
    }

    /// Whether the action applies to `tile` (the others are shown disabled).
    func applies(to tile: TileModel) -> Bool {
        switch self {
        case .openInMaps, .copyLocation: tile.hasLocation
        case .exportQRCodes: tile.qrCount > 0
        case .stack: tile.kind == .photo
        case .unstack: if case .stack = tile.kind { true } else { false }
        case .open, .details, .rotateLeft, .rotateRight, .openWith, .export: !tile.isPlaceholder && tile.coverPhoto != nil
        default: !tile.isPlaceholder
        }
    }

    /// Menu sections, in order.
    static let menuSections: [[TileAction]] = [
        [.open, .openWith, .details],
        [.rotateLeft, .rotateRight],
        [.stack, .unstack],
        [.copy, .cut, .pasteBefore, .pasteAfter],
        [.moveEarlier, .moveLater, .startKeyboardDrag],
        [.addToAlbum, .moveToAlbum],
        [.export, .openInMaps, .copyLocation, .exportQRCodes],
        [.delete],
    ]
}
