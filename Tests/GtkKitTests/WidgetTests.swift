// Small widget wrappers whose getters read GTK back.
import XCTest
import CGtk
import GtkKit

final class WidgetTests: GTKTestCase {
    func testEntryPlaceholderReadsBack() {
        onMain {
            let entry = Entry()
            XCTAssertEqual(entry.placeholder, "")
            entry.placeholder = "Album name"
            XCTAssertEqual(entry.placeholder, "Album name")
        }
    }

    func testLabelMaximumLinesReadsBack() {
        onMain {
            let label = Label("a note")
            XCTAssertEqual(label.maximumLines, -1, "GTK's default is no limit")
            label.maximumLines = 7
            XCTAssertEqual(label.maximumLines, 7)
        }
    }

    func testButtonIconNameReadsBackAndReplacesTheLabel() {
        onMain {
            let button = Button(label: "Cancel")
            XCTAssertNil(button.iconName)
            button.iconName = "process-stop-symbolic"
            XCTAssertEqual(button.iconName, "process-stop-symbolic")
            button.iconName = "window-close-symbolic"
            XCTAssertEqual(button.iconName, "window-close-symbolic")
        }
    }

    func testParentChecksFollowSetParentAndUnparent() {
        onMain {
            let anchor = Box(GTK_ORIENTATION_VERTICAL)
            let other = Box(GTK_ORIENTATION_VERTICAL)
            let popover = Popover()
            XCTAssertFalse(popover.hasParent)
            XCTAssertFalse(popover.isChild(of: anchor))
            popover.setParent(anchor)
            XCTAssertTrue(popover.hasParent)
            XCTAssertTrue(popover.isChild(of: anchor))
            XCTAssertFalse(popover.isChild(of: other))
            popover.unparent()
            XCTAssertFalse(popover.hasParent)
        }
    }

    func testDefaultIconNameReadsBack() {
        onMain {
            let before = Window.defaultIconName
            defer { Window.defaultIconName = before }
            Window.defaultIconName = "org.example.GtkKitTest"
            XCTAssertEqual(Window.defaultIconName, "org.example.GtkKitTest")
        }
    }

    func testAboutDialogPropertiesReadBack() {
        onMain {
            let dialog = AboutDialog()
            defer { dialog.destroy() }
            dialog.programName = "Drover"
            dialog.version = "0.1.0"
            dialog.comments = "Comments"
            dialog.logoIconName = "image-x-generic"
            dialog.website = "https://drover.example"
            dialog.licenseType = GTK_LICENSE_GPL_3_0
            dialog.addCreditSection("Place names", people: ["GeoNames", "Someone else"])
            XCTAssertEqual(dialog.programName, "Drover")
            XCTAssertEqual(dialog.version, "0.1.0")
            XCTAssertEqual(dialog.comments, "Comments")
            XCTAssertEqual(dialog.logoIconName, "image-x-generic")
            XCTAssertEqual(dialog.website, "https://drover.example")
            XCTAssertEqual(dialog.licenseType, GTK_LICENSE_GPL_3_0)
            XCTAssertEqual(dialog.typeName, "GtkAboutDialog")
        }
    }

    func testDragThresholdReadsTheDisplaySetting() {
        onMain {
            let settings = UnsafeMutablePointer<GObject>(gtk_settings_get_default()!)
            let before = Settings.dragThreshold
            XCTAssertGreaterThan(before, 0)
            defer { setInt(before, "gtk-dnd-drag-threshold", on: settings) }
            setInt(13, "gtk-dnd-drag-threshold", on: settings)
            XCTAssertEqual(Settings.dragThreshold, 13)
        }
    }
}

/// Sets an int property (g_object_set is variadic and does not import into Swift).
@MainActor
private func setInt(_ value: Int32, _ property: String, on object: UnsafeMutablePointer<GObject>) {
    var gvalue = GValue()
    g_value_init(&gvalue, GType(6 << 2))  // G_TYPE_INT, a macro Swift does not import
    g_value_set_int(&gvalue, value)
    g_object_set_property(object, property, &gvalue)
    g_value_unset(&gvalue)
}
