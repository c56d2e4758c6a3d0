import Foundation

/// Names an insert before it happens: the app gives it to the library with the
/// insert (a prepared import, a note), and the change batch that makes the insert
/// carries it (`CollectionChange.commits`), so a view can tell which insert step is
/// the item its placeholder was waiting for, by identity, whenever that batch
/// arrives and wherever the placeholder is by then.
public struct CommitID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    /// A new, unique identity (for a note).
    public init() { rawValue = "note-" + UUID().uuidString }

    init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { "commit \(rawValue)" }
}
