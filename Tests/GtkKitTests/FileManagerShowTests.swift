// Show in Files: the FileManager1 call's arguments are what the freedesktop
// specification asks for, `(as s)`: the files' URIs, in order, and a startup id.
import XCTest
import CGtk
@testable import GtkKit

final class FileManagerShowTests: GTKTestCase {
    func testShowItemsSendsEachFileURIAndAnEmptyStartupID() {
        onMain {
            let files = [URL(fileURLWithPath: "/tmp/Trip/Chelsea the cat.jpg"), URL(fileURLWithPath: "/tmp/Trip/Fig 2.png")]
            let parameters = g_variant_ref_sink(FileManagerShow.showItemsParameters(files.map(\.absoluteString)))!
            defer { g_variant_unref(parameters) }
            XCTAssertEqual(String(cString: g_variant_get_type_string(parameters)), "(ass)")
            let printed = g_variant_print(parameters, 0)!
            defer { g_free(printed) }
            XCTAssertEqual(String(cString: printed),
                           "(['file:///tmp/Trip/Chelsea%20the%20cat.jpg', 'file:///tmp/Trip/Fig%202.png'], '')")
        }
    }
}
