import Foundation
import Synchronization

/// Where GalleryKit reports what it ignored and why (a photo's malformed GPS tags, a scan
/// that failed). Standard error by default; the app or a test may install its own sink.
public enum GalleryLog {
    private static let sink = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Sends later messages to `handler` (nil: back to standard error).
    public static func setSink(_ handler: (@Sendable (String) -> Void)?) {
        sink.withLock { $0 = handler }
    }

    static func note(_ message: String) {
        if let handler = sink.withLock({ $0 }) {
            handler(message)
        } else {
            // Messages name files, and names may hold escape sequences.
            FileHandle.standardError.write(Data("GalleryKit: \(TerminalText.escaped(message))\n".utf8))
        }
    }
}
