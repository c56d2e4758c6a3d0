// The suite fails any test during which GLib logs a warning or critical.
import XCTest
import CGtk
import GtkKit

final class LogCaptureTests: GTKTestCase {
    /// The suite relies on GLib warnings reaching `GLibLog`; check that they do.
    func testGLibCriticalsAreRecorded() {
        onMain {
            let warnings = GLibLog.capture {
                g_source_remove(0x7fff_fff0)  // no such source: GLib logs a critical
            }
            XCTAssertEqual(warnings.count, 1, "\(warnings)")
            XCTAssertTrue(warnings.first?.contains("GLib") == true, "\(warnings)")
        }
    }
}
