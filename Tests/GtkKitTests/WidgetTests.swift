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

    /// The tooltip waits in the widget for GTK to ask for it (no pointer query per change):
    /// it reads back, turns GTK's tooltip handling on and off, and an empty one is none.
    func testTooltipReadsBackAndTurnsGTKsTooltipHandlingOnAndOff() {
        onMain {
            let label = Label("IMG_0042.jpg")
            XCTAssertNil(label.tooltip)
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 0)
            label.tooltip = "IMG_0042.jpg, a long title shown whole"
            XCTAssertEqual(label.tooltip, "IMG_0042.jpg, a long title shown whole")
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 1)
            label.tooltip = "another"
            XCTAssertEqual(label.tooltip, "another")
            label.tooltip = ""
            XCTAssertNil(label.tooltip, "an empty tooltip is none, as in GTK")
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 0)
            label.tooltip = "back"
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 1)
            label.tooltip = nil
            XCTAssertNil(label.tooltip)
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 0)
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

    func testAboutWindowPropertiesReadBack() {
        onMain {
            let about = AboutWindow()
            defer { about.destroy() }
            about.applicationName = "Drover"
            about.version = "0.1.0"
            about.comments = "Comments"
            about.applicationIcon = "image-x-generic"
            about.website = "https://drover.example"
            about.issueURL = "https://drover.example/issues"
            about.licenseType = GTK_LICENSE_GPL_3_0
            about.developers = ["Ada", "Grace"]
            about.addCreditSection("Place names", people: ["GeoNames", "Someone else"])
            about.addLegalSection("Places", copyright: "GeoNames", licenseType: GTK_LICENSE_CUSTOM, license: "CC BY 4.0")
            XCTAssertEqual(about.applicationName, "Drover")
            XCTAssertEqual(about.version, "0.1.0")
            XCTAssertEqual(about.comments, "Comments")
            XCTAssertEqual(about.applicationIcon, "image-x-generic")
            XCTAssertEqual(about.website, "https://drover.example")
            XCTAssertEqual(about.issueURL, "https://drover.example/issues")
            XCTAssertEqual(about.licenseType, GTK_LICENSE_GPL_3_0)
            XCTAssertEqual(about.developers, ["Ada", "Grace"])
            XCTAssertEqual(about.typeName, "AdwAboutWindow")
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
