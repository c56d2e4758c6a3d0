// The libadwaita wrappers: properties read back, and signals reach Swift.
import XCTest
import CGtk
import GtkKit

final class AdwaitaTests: GTKTestCase {
    func testToastPropertiesReadBackAndDismissIsHeardOnce() {
        onMain {
            let overlay = ToastOverlay()
            let toast = Toast(title: "Deleted 1 photo.")
            toast.buttonLabel = "Undo"
            toast.timeout = 8
            XCTAssertEqual(toast.buttonLabel, "Undo")
            XCTAssertEqual(toast.timeout, 8)
            toast.buttonLabel = nil
            XCTAssertNil(toast.buttonLabel)
            let dismissed = Counter()
            toast.onDismissed { dismissed.increment() }
            overlay.add(toast)
            toast.dismiss()
            XCTAssertEqual(dismissed.value, 1)
        }
    }

    func testMessageDialogReportsTheChosenResponse() {
        onMain {
            let dialog = MessageDialog(parent: nil, heading: "Delete \u{201C}Trip\u{201D}?", body: "Its 3 photos stay <here> & there.")
            defer { dialog.destroy() }
            dialog.addResponse("cancel", label: "_Cancel")
            dialog.addResponse("delete", label: "_Delete", appearance: .destructive)
            dialog.setResponses(default: "cancel", close: "cancel")
            XCTAssertEqual(dialog.heading, "Delete \u{201C}Trip\u{201D}?")
            XCTAssertEqual(dialog.body, "Its 3 photos stay <here> & there.", "the body is plain text, not markup")
            var heard: [String] = []
            dialog.onResponse { heard.append($0) }
            dialog.respond("delete")
            XCTAssertEqual(heard, ["delete"])
            XCTAssertEqual(dialog.typeName, "AdwMessageDialog")
        }
    }

    func testStatusPageShowsItsDescriptionLiterally() {
        onMain {
            let page = StatusPage(iconName: "image-x-generic-symbolic", title: "No Photos",
                                  description: "Drop <photos> & notes here.")
            XCTAssertEqual(page.title, "No Photos")
            XCTAssertEqual(page.iconName, "image-x-generic-symbolic")
            // Stored escaped, as libadwaita reads it as markup; shown as written.
            XCTAssertEqual(page.pageDescription, "Drop &lt;photos&gt; &amp; notes here.")
            XCTAssertEqual(Markup.escaped("a & b"), "a &amp; b")
        }
    }
    /// The narrow window's drawer: it reveals and hides its flap, says so each time (by
    /// code, and as a click on the dimmed content would), and can be emptied and refilled
    /// as the sidebar moves between it and the paned.
    func testDrawerFlapRevealsAndReportsEachChange() {
        onMain {
            let drawer = DrawerFlap()
            let sidebar = Label("Albums")
            let content = Label("Photos")
            drawer.setContent(content)
            drawer.setFlap(sidebar)
            XCTAssertEqual(drawer.typeName, "AdwFlap")
            XCTAssertFalse(drawer.isRevealed, "a drawer starts closed")
            let changes = Counter()
            drawer.onRevealChanged { changes.increment() }
            drawer.isRevealed = true
            XCTAssertTrue(drawer.isRevealed)
            drawer.isRevealed = false
            XCTAssertEqual(changes.value, 2)
            drawer.setFlap(nil)
            let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
            paned.setStartChild(sidebar, resizes: false, shrinks: false)
            paned.removeStartChild()
            drawer.setFlap(sidebar)
            XCTAssertTrue(sidebar.isVisible, "the sidebar survives each move")
        }
    }
}
