import CGtk
import Foundation
import GalleryKit
import GtkKit

/// Shown instead of the gallery when the library cannot be opened: says why,
/// promises the file was not touched, and offers a fresh library elsewhere.
@MainActor
enum LibraryErrorView {
    static func show(_ error: any Error, directory: URL, in window: MainWindow, useFresh: @escaping (URL) -> Void) {
        let fresh = LibraryLocation.suggestedFreshDirectory(near: directory)
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 14)
        box.addCSSClass("library-error")
        box.verticalAlignment = GTK_ALIGN_CENTER
        box.horizontalAlignment = GTK_ALIGN_CENTER
        box.setMargins(36)
        let icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 64)
        let title = Label("The Library Could Not Be Opened")
        title.addCSSClass("title-1")
        let detail = Label(GalleryController.describe(error)
            + "\n\nYou can open a fresh library in \(fresh.path) instead, and keep the old one as it is for later.")
        detail.setWraps(true)
        detail.setJustification(GTK_JUSTIFY_CENTER)
        detail.setSizeRequest(width: 460)
        let useFreshButton = Button(label: "Use a Fresh Library")
        useFreshButton.addCSSClass("suggested-action")
        useFreshButton.horizontalAlignment = GTK_ALIGN_CENTER
        useFreshButton.onClicked { useFresh(fresh) }
        box.append(icon)
        box.append(title)
        box.append(detail)
        box.append(useFreshButton)
        window.window.setChild(box)
        window.newAlbumButton.isVisible = false
        window.window.title = "Drover — Library Error"
        useFreshButton.grabFocus()
    }
}
