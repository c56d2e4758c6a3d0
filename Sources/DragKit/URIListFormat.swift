import Foundation

/// `text/uri-list` (RFC 2483): what the file manager drags and copies, and how Drover
/// hands a list of files to a drop session (`drover FILE…` imports through the same load
/// as a drop of those files).
public enum URIListFormat {
    /// One URI a line, each ending in CRLF.
    public static func encode(_ urls: [URL]) -> Data {
        Data(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
    }

    /// The URIs in order. Comment lines (`#`) and blank lines are skipped, and so is a line
    /// that is not a URI: the list stays usable around it.
    public static func decode(_ data: Data) -> [URL] {
        String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .compactMap { URL(string: String($0)) }
    }
}
