import CGtk
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Shown instead of the gallery when the library cannot be opened: says why, promises
/// the folder was not touched, and offers what fits: trying again (the library is busy),
/// rebuilding it from its photos (its database is damaged), or a fresh library elsewhere.
@MainActor
enum LibraryErrorView {
    enum Choice {
        case tryAgain
        case rebuild
        case useFresh(URL)
    }

    static func show(_ error: any Error, directory: URL, in window: MainWindow, choose: @escaping @MainActor (Choice) -> Void) {
        let fresh = LibraryLocation.suggestedFreshDirectory(near: directory)
        let libraryError = error as? LibraryError
        var text = ErrorWording.reason(error)
        if libraryError?.canRebuild == true {
            text += "\n\nRebuild Library keeps the damaged folder as it is, under a new name, and makes a new library from its photos (albums and the order cannot be recovered)."
        }
        if libraryError?.isInUse != true {
            text += "\n\nYou can open a fresh library in \(fresh.path) instead, and keep the old one as it is for later."
        }
        let page = StatusPage(iconName: "dialog-warning-symbolic",
                              title: libraryError?.isInUse == true ? tr("The Library Is in Use") : tr("The Library Could Not Be Opened"),
                              description: text)

        let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        buttons.horizontalAlignment = GTK_ALIGN_CENTER
        var first: Button?
        func add(_ label: String, _ choice: Choice) {
            let button = Button(label: label)
            button.addCSSClass("pill")
            button.onClicked { choose(choice) }
            if first == nil { button.addCSSClass("suggested-action"); first = button }
            buttons.append(button)
        }
        if libraryError?.isInUse == true { add(tr("Try Again"), .tryAgain) }
        if libraryError?.canRebuild == true { add(tr("Rebuild Library"), .rebuild) }
        if libraryError?.isInUse != true { add(tr("Use a Fresh Library"), .useFresh(fresh)) }
        page.setChild(buttons)
        window.addPage(page, name: "error", accessibleLabel: tr("The library cannot be opened"))
        window.showPage("error")
        // The gallery was never filled: take it away, so nothing finds it behind the error.
        window.removePage("library")
        window.newAlbumButton.isVisible = false
        window.moveToButton.isVisible = false
        window.window.title = tr("Drover — Library Error")
        first?.grabFocus()
    }
}

private extension LibraryError {
    var isInUse: Bool {
        if case .inUse = self { return true }
        return false
    }
}
