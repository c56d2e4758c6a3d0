/// Makes file names (and messages that contain them) safe to print to a terminal.
///
/// A file name may hold any byte but `/` and NUL: an escape sequence in a name can
/// recolour, retitle or clear the terminal, or hide text, and a byte that is not UTF-8
/// cannot be shown at all. Everything printable passes through unchanged; the rest is
/// written as a visible escape, so the name can still be recognised and copied.
public enum TerminalText {
    /// `text` with control characters, invisible direction overrides and backslashes
    /// escaped: `\n`, `\t`, `\r`, `\e` (ESC), `\\`, `\x7f`, `\u{202E}`.
    public static func escaped(_ text: String) -> String {
        escaped(bytes: Array(text.utf8))
    }

    /// The bytes of a file name or path, as `escaped(_:)` would print it; each byte that
    /// is not part of valid UTF-8 becomes `\xNN`.
    public static func escaped(bytes: some Collection<UInt8>) -> String {
        var output = ""
        var remaining = bytes[...]
        while let first = remaining.first {
            let length = validSequenceLength(remaining)
            guard length > 0 else {
                output += "\\x" + hex(first)
                remaining = remaining.dropFirst()
                continue
            }
            let sequence = remaining.prefix(length)
            remaining = remaining.dropFirst(length)
            let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first!
            output += escaped(scalar)
        }
        return output
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\u{1B}": return "\\e"
        default: break
        }
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return "\\x" + hex(UInt8(value)) }
        // C1 controls (a terminal reads U+009B as CSI), and the invisible characters that
        // reorder or hide text (bidirectional overrides, line and paragraph separators).
        if (0x80...0x9F).contains(value) || (0x200E...0x200F).contains(value) || (0x2028...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) {
            return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
        return String(scalar)
    }

    /// The length of the valid UTF-8 sequence at the start of `bytes`, or 0 if none starts there
    /// (a stray continuation byte, an overlong form, a surrogate, a cut-off sequence).
    private static func validSequenceLength(_ bytes: some Collection<UInt8>) -> Int {
        let lead = bytes.first!
        let length: Int
        let range: ClosedRange<UInt8>  // what the second byte may be
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2; range = 0x80...0xBF
        case 0xE0: length = 3; range = 0xA0...0xBF
        case 0xED: length = 3; range = 0x80...0x9F
        case 0xE1...0xEF: length = 3; range = 0x80...0xBF
        case 0xF0: length = 4; range = 0x90...0xBF
        case 0xF1...0xF3: length = 4; range = 0x80...0xBF
        case 0xF4: length = 4; range = 0x80...0x8F
        default: return 0
        }
        let sequence = Array(bytes.prefix(length))
        guard sequence.count == length, range.contains(sequence[1]) else { return 0 }
        guard sequence.dropFirst(2).allSatisfy({ (0x80...0xBF).contains($0) }) else { return 0 }
        return length
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
