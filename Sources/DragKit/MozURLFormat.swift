import Foundation

/// Firefox's `text/x-moz-url`: the dragged thing's address, a newline, the page's title.
/// Firefox writes it in UTF-16 (little-endian, the machine's order, without a byte order
/// mark); other sources write UTF-8.
public enum MozURLFormat {
    /// The address on the first line, or nil when there is none.
    public static func decode(_ data: Data) -> URL? {
        let text: String?
        if data.count >= 2, data.count % 2 == 0, data.contains(0) {
            text = String(data: data, encoding: .utf16LittleEndian)
        } else {
            text = String(data: data, encoding: .utf8)
        }
        guard let line = text?.split(whereSeparator: \.isNewline).first else { return nil }
        let address = line.trimmingWhitespace().filter { $0 != "\u{FEFF}" && $0 != "\0" }
        guard !address.isEmpty, let url = URL(string: String(address)), url.scheme != nil else { return nil }
        return url
    }
}
