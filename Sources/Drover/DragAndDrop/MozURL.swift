import Foundation

/// Firefox's `text/x-moz-url`: the dragged thing's address, a newline, the page's title.
/// Firefox writes it in UTF-16 (little-endian, as the machine); other sources write UTF-8.
enum MozURL {
    static func address(in data: Data) -> URL? {
        let text: String?
        if data.count >= 2, data.count % 2 == 0, data.contains(0) {
            text = String(data: data, encoding: .utf16LittleEndian)
        } else {
            text = String(data: data, encoding: .utf8)
        }
        guard let line = text?.split(whereSeparator: \.isNewline).first else { return nil }
        let address = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}\0")))
        return URL(string: address)
    }
}
