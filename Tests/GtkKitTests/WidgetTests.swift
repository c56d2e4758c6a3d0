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
}
