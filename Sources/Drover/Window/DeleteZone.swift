import CGtk
import GtkKit
import Localization

/// The strip at the bottom of the window where photos are dropped to be
/// deleted: a focusable, named target whose description gives the keyboard
/// alternative. Its trash icon sits in a small canvas so the drop animation
/// can scale it (1.0 → 1.25 → 1.0) without moving anything else.
@MainActor
final class DeleteZone: CanvasLayout {
    static let iconSize: Int32 = 24

    let root = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    let icon = Image(iconName: "user-trash-symbolic", pixelSize: DeleteZone.iconSize)
    private let iconHolder = Canvas(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, cssName: "delete-zone-icon-holder")
    private let label = Label(tr("Drop here to delete photos"))
    private var iconScale = 1.0

    init() {
        root.addCSSClass("delete-zone")
        root.isFocusable = true
        root.horizontalAlignment = GTK_ALIGN_FILL
        root.accessibleLabel = tr("Delete")
        icon.addCSSClass("delete-zone-icon")
        iconHolder.setLayout(self)
        iconHolder.addChild(icon)
        // Large text and a long album name ("Drop here to remove photos from “…”") would
        // hold a narrow window wider than 360 px: the text wraps instead.
        label.setWraps(true, insideWords: true, onlyWhenNarrow: true)
        label.setJustification(GTK_JUSTIFY_CENTER)
        let centre = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
        centre.horizontalAlignment = GTK_ALIGN_CENTER
        centre.expandsHorizontally = true
        centre.append(iconHolder)
        centre.append(label)
        root.append(centre)
        setScope(albumName: nil)
        root.realizesAccessibleWhenMapped()
    }

    /// Inside an album, deleting removes photos from that album only; the
    /// strip says so, so nobody deletes a photo from the library by mistake.
    func setScope(albumName: String?) {
        if let albumName {
            label.text = tr("Drop here to remove photos from “{album}”", ["album": albumName])
            root.accessibleDescription = tr("Drop photos here to remove them from the album {album}. Without dragging: select photos and press Delete.", ["album": albumName])
        } else {
            label.text = tr("Drop here to delete photos")
            root.accessibleDescription = tr("Drop photos here to delete them. Without dragging: select photos and press Delete.")
        }
    }

    func setHighlighted(_ on: Bool) { root.setCSSClass("drop-hover", on) }

    /// The trash icon's scale, for the drop animation's pulse.
    func setIconScale(_ scale: Double) {
        iconScale = scale
        iconHolder.queueAllocate()
    }

    // MARK: CanvasLayout (the icon holder)

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        // Room for the icon at its largest, so the pulse never clips.
        let side = Int32((Double(Self.iconSize) * 1.3).rounded(.up))
        return (side, side)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        canvas.place(icon, x: Double(width - Self.iconSize) / 2, y: Double(height - Self.iconSize) / 2,
                     width: Self.iconSize, height: Self.iconSize, scale: iconScale)
    }
}
