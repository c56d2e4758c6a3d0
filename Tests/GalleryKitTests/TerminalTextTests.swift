import Testing
@testable import GalleryKit

/// Issue 9, item 8: file names never reach a terminal raw.
@Suite struct TerminalTextTests {
    @Test func printableTextPassesThrough() {
        #expect(TerminalText.escaped("IMG_0001 (copy).jpg") == "IMG_0001 (copy).jpg")
        #expect(TerminalText.escaped("Café – 東京 🐈.png") == "Café – 東京 🐈.png")
    }

    @Test func controlCharactersAndEscapeSequencesAreShownNotObeyed() {
        #expect(TerminalText.escaped("\u{1B}[31mred\u{1B}]0;title\u{07}.png") == "\\e[31mred\\e]0;title\\x07.png")
        #expect(TerminalText.escaped("two\nlines\tand\rreturn") == "two\\nlines\\tand\\rreturn")
        #expect(TerminalText.escaped("del\u{7F}nul\u{0}") == "del\\x7fnul\\x00")
        // C1 CSI (a terminal may read it as ESC [) and a right-to-left override that hides text.
        #expect(TerminalText.escaped("a\u{9B}2Jb") == "a\\u{9B}2Jb")
        #expect(TerminalText.escaped("photo\u{202E}gnp.exe") == "photo\\u{202E}gnp.exe")
        for escaped in ["\u{1B}[2J", "x\u{9B}y", "\u{202E}"].map(TerminalText.escaped) {
            #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        }
    }

    @Test func backslashesAreDoubledSoEscapesAreUnambiguous() {
        #expect(TerminalText.escaped("a\\xff") == "a\\\\xff")
        #expect(TerminalText.escaped(bytes: Array("a".utf8) + [0xFF]) == "a\\xff")
    }

    @Test func bytesThatAreNotUTF8AreEscapedOneByOne() {
        #expect(TerminalText.escaped(bytes: [0x61, 0xFF, 0x62]) == "a\\xffb")
        #expect(TerminalText.escaped(bytes: [0xE2, 0x82]) == "\\xe2\\x82")              // cut off
        #expect(TerminalText.escaped(bytes: [0xC0, 0x80]) == "\\xc0\\x80")              // overlong NUL
        #expect(TerminalText.escaped(bytes: [0xED, 0xA0, 0x80]) == "\\xed\\xa0\\x80")   // a surrogate
        #expect(TerminalText.escaped(bytes: [0x80, 0x41]) == "\\x80A")                  // stray continuation
        #expect(TerminalText.escaped(bytes: [0xE2, 0x82, 0xAC]) == "€")
        #expect(TerminalText.escaped(bytes: Array("🐈".utf8)) == "🐈")
    }
}
