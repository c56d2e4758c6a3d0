import Foundation
import Testing
@testable import DragKit

/// Firefox's `text/x-moz-url`, as it drags an image: UTF-16, the address, then the title.
@Suite struct MozURLFormatTests {
    @Test func readsFirefoxsUTF16AddressAndIgnoresTheTitle() {
        let text = "http://127.0.0.1:8000/img/harbour.jpg\nHarbour at dusk"
        let data = text.data(using: .utf16LittleEndian)!
        #expect(MozURLFormat.decode(data) == URL(string: "http://127.0.0.1:8000/img/harbour.jpg"))
    }

    @Test func readsUTF8FromOtherSources() {
        #expect(MozURLFormat.decode(Data("https://example.org/a.png\r\nA".utf8)) == URL(string: "https://example.org/a.png"))
    }

    @Test func somethingThatIsNoAddressGivesNone() {
        #expect(MozURLFormat.decode(Data()) == nil)
        #expect(MozURLFormat.decode(Data("\n\n".utf8)) == nil)
        #expect(MozURLFormat.decode(Data("just words".utf8)) == nil)
    }
}
