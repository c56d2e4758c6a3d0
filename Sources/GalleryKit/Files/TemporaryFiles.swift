import Foundation
import Synchronization

/// The temp files (".import-UUID") this process is writing now, by name. The library's lock
/// (`LibraryLock`) keeps every other process out, so a temp file that is not counted here is
/// the leftover of a process that died: the folder sweep, which in a window runs beside this
/// process's imports (`Recovery.sweep`), removes only those. A name is counted before its file
/// is made and let go of once the file is renamed or removed, so the sweep never lists a file
/// of work in progress without knowing it. (This replaced a rule by modification time, "older
/// than the open", which a file system whose clock lags this machine's could break.)
enum TemporaryFiles {
    private static let inFlight = Mutex<Set<String>>([])

    /// Runs `body` with a new temp path in `directory`, counted as in flight while it runs.
    /// `body` renames or removes whatever it makes there before it returns.
    static func withNewPath<Result, Failure: Error>(in directory: URL,
                                                   _ body: (String) throws(Failure) -> Result) throws(Failure) -> Result {
        let name = LibraryLocation.temporaryPrefix + UUID().uuidString
        inFlight.withLock { _ = $0.insert(name) }
        defer { inFlight.withLock { _ = $0.remove(name) } }
        return try body(directory.appendingPathComponent(name).path)
    }

    /// Whether `name` is a temp file this process is writing now.
    static func isInFlight(_ name: String) -> Bool {
        inFlight.withLock { $0.contains(name) }
    }
}
