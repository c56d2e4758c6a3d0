import Synchronization

/// The photos a background scan is working on right now, so two scans running at once
/// (the app starts one after each import) never scan the same photo twice.
final class ScanClaims: Sendable {
    private let claimed = Mutex<Set<PhotoID>>([])

    /// Claims the ones nobody holds, and returns them, in the order given.
    func claim(_ ids: [PhotoID]) -> [PhotoID] {
        claimed.withLock { claimed in ids.filter { claimed.insert($0).inserted } }
    }

    func release(_ ids: some Sequence<PhotoID>) {
        claimed.withLock { $0.subtract(ids) }
    }

    var current: Set<PhotoID> { claimed.withLock { $0 } }
}
