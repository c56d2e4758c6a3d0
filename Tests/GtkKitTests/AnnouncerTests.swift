// The announcer on GTK before 4.14: a message stands in for the focused
// widget's description and is taken back once focus leaves (issue 14).
import XCTest
import CGtk
import GtkKit

final class AnnouncerTests: GTKTestCase {
    func testAMessageIsShownOnTheFocusedWidgetAndItsDescriptionComesBackWhenFocusLeaves() throws {
        try onMain {
            guard gtk_get_minor_version() < 14 else { throw XCTSkip("GTK 4.14 announces by itself") }
            let window = Window()
            defer { window.destroy() }
            let box = Box(GTK_ORIENTATION_VERTICAL)
            let first = Button(label: "First"), second = Button(label: "Second")
            box.append(first)
            box.append(second)
            window.setChild(box)
            window.present()
            first.accessibleDescription = "24 November 2026"
            let announcer = Announcer(window: window, fallback: box)
            XCTAssertTrue(second.grabFocus())
            XCTAssertTrue(first.grabFocus())
            // Right after a focus move the message waits until the move has been read.
            announcer.announce("Moved 1 photo.")
            XCTAssertEqual(first.accessibleDescriptionShown, "24 November 2026")
            XCTAssertTrue(waitUntil(timeout: 5) { first.accessibleDescriptionShown == "Moved 1 photo." })

            // A new description meanwhile is kept, not read over the message.
            first.accessibleDescription = "24 November 2026. In Travel"
            XCTAssertEqual(first.accessibleDescriptionShown, "Moved 1 photo.")

            XCTAssertTrue(second.grabFocus())
            XCTAssertTrue(waitUntil { first.accessibleDescriptionShown == "24 November 2026. In Travel" },
                          "the message stayed: \(first.accessibleDescriptionShown)")
            XCTAssertNil(announcer.currentMessage)
            XCTAssertEqual(second.accessibleDescriptionShown, "")
        }
    }

    func testAMessageThatMovesFocusIsInTheDestinationsDescriptionBeforeFocusArrives() throws {
        try onMain {
            guard gtk_get_minor_version() < 14 else { throw XCTSkip("GTK 4.14 announces by itself") }
            let window = Window()
            defer { window.destroy() }
            let box = Box(GTK_ORIENTATION_VERTICAL)
            let first = Button(label: "First"), second = Button(label: "Second")
            box.append(first)
            box.append(second)
            window.setChild(box)
            window.present()
            first.accessibleDescription = "1 of 2"
            second.accessibleDescription = "2 of 2"
            let announcer = Announcer(window: window, fallback: box)
            XCTAssertTrue(first.grabFocus())
            // What the destination shows at the moment it takes focus is what a
            // screen reader reads with it: its own description, then the message.
            var shownOnArrival: String?
            window.onFocusWidgetChanged {
                if second.hasFocus, shownOnArrival == nil { shownOnArrival = second.accessibleDescriptionShown }
            }
            XCTAssertTrue(announcer.announce("Deleted 1 photo.", movingFocusTo: second))
            XCTAssertTrue(second.hasFocus)
            XCTAssertEqual(shownOnArrival, "2 of 2. Deleted 1 photo.")
            XCTAssertEqual(announcer.currentMessage, "Deleted 1 photo.")

            // A second message moving focus back: the first widget had none, the
            // second gets its own description back once focus has left it.
            XCTAssertTrue(announcer.announce("Restored 1 photo.", movingFocusTo: first))
            XCTAssertEqual(first.accessibleDescriptionShown, "1 of 2. Restored 1 photo.")
            XCTAssertEqual(second.accessibleDescriptionShown, "2 of 2")
        }
    }

    func testAQuietChangeHappensWhileTheFocusedDescriptionIsEmpty() throws {
        try onMain {
            guard gtk_get_minor_version() < 14 else { throw XCTSkip("GTK 4.14 announces by itself") }
            let window = Window()
            defer { window.destroy() }
            let button = Button(label: "Photo")
            window.setChild(button)
            window.present()
            button.accessibleDescription = "1 of 1"
            let announcer = Announcer(window: window, fallback: button)
            XCTAssertTrue(button.grabFocus())
            // GTK 4.8 sends the description again with a state change: it must be
            // empty then, or a screen reader speaks it once more.
            var shownDuringChange: String?
            announcer.announce("Selected. 1 photo selected.") {
                shownDuringChange = button.accessibleDescriptionShown
                button.setAccessibleSelected(true)
                button.accessibleDescription = "Selected. 1 of 1"
            }
            XCTAssertEqual(shownDuringChange, "")
            XCTAssertTrue(waitUntil(timeout: 5) { button.accessibleDescriptionShown == "Selected. 1 photo selected." })
            announcer.takeBack()
            XCTAssertEqual(button.accessibleDescriptionShown, "Selected. 1 of 1")
        }
    }

    func testPopoverMenusNameTheirInnerPages() {
        onMain {
            let menu = Menu()
            menu.append("Copy", action: "tile.copy")
            // Labelling the pages of its inner stack logs nothing (a warning fails the test).
            let popover = PopoverMenu(menu: menu)
            popover.accessibleLabel = "Actions"
        }
    }

    func testIconButtonsHoldTheirDecorativeImage() {
        onMain {
            // Made and dropped in a loop: an image released too early would be
            // a GTK critical here (a logged warning fails the test).
            for _ in 0..<20 {
                let button = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
                let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu")
                XCTAssertEqual(button.accessibleLabel, "Dismiss")
                XCTAssertEqual(menu.accessibleLabel, "Main Menu")
                XCTAssertNotNil(gtk_widget_get_first_child(button.widget))
            }
        }
    }
}
