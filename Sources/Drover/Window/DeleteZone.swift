import CGtk
import GtkKit

/// The strip at the bottom of the window where photos are dropped to be
/// deleted. Drop handling arrives with native drag and drop; here it is the
/// visible, focusable, named target, with its keyboard alternative described.
@MainActor
final class DeleteZone {
    let root = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    let icon = Image(iconName: "user-trash-symbolic", pixelSize: 24)
    private let label = Label("Drop here to delete photos")

    init() {
        root.addCSSClass("delete-zone")
        root.isFocusable = true
        root.horizontalAlignment = GTK_ALIGN_FILL
        root.accessibleLabel = "Delete"
        root.accessibleDescription = "Drop photos here to delete them. Without dragging: select photos and press Delete."
        icon.addCSSClass("delete-zone-icon")
        let centre = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
        centre.horizontalAlignment = GTK_ALIGN_CENTER
        centre.expandsHorizontally = true
        centre.append(icon)
        centre.append(label)
        root.append(centre)
    }

    /// Inside an album, deleting removes photos from that album only; the
    /// strip says so, so nobody deletes a photo from the library by mistake.
    func setScope(albumName: String?) {
        if let albumName {
            label.text = "Drop here to remove photos from \u{201C}\(albumName)\u{201D}"
            root.accessibleDescription = "Drop photos here to remove them from the album \(albumName). Without dragging: select photos and press Delete."
        } else {
            label.text = "Drop here to delete photos"
            root.accessibleDescription = "Drop photos here to delete them. Without dragging: select photos and press Delete."
        }
    }
}
