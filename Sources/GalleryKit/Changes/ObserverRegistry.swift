import Dispatch
import Foundation
import Synchronization

/// Keeps an observer registered while it lives; `cancel()` or dropping it ends the observation.
public final class ObservationToken: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}

/// Everything one committed mutation changed, in the order the view must apply it.
struct PublishedChanges: Sendable {
    var collections: [CollectionChange] = []
    var albumList: AlbumListChange?

    var isEmpty: Bool { collections.isEmpty && albumList == nil }
}

/// Delivers committed changes to observers, in commit order.
///
/// `publish` runs on GRDB's writer queue right after each commit, which is already
/// serialized with every write, and hands the batch to one serial delivery queue:
/// so handlers see batches in exactly the order the database applied them, and a
/// slow handler never holds up the database.
final class ObserverRegistry: Sendable {
    private enum Handler {
        case collection(CollectionScope, @Sendable (CollectionChange) -> Void)
        case albumList(@Sendable (AlbumListChange) -> Void)
    }

    private let handlers = Mutex<[UUID: Handler]>([:])
    private let delivery = DispatchQueue(label: "app.drover.GalleryKit.changes")

    func add(for scope: CollectionScope, _ handler: @escaping @Sendable (CollectionChange) -> Void) -> ObservationToken {
        register(.collection(scope, handler))
    }

    func addAlbumList(_ handler: @escaping @Sendable (AlbumListChange) -> Void) -> ObservationToken {
        register(.albumList(handler))
    }

    private func register(_ handler: Handler) -> ObservationToken {
        let key = UUID()
        handlers.withLock { $0[key] = handler }
        return ObservationToken { [weak self] in
            _ = self?.handlers.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// Called after commit, on the writer queue.
    func publish(_ changes: PublishedChanges) {
        guard !changes.isEmpty else { return }
        // Snapshot now: an observer added after this commit must not see it.
        let current = handlers.withLock { $0 }
        delivery.async { [self] in
            for (key, handler) in current {
                // A token cancelled since the commit means "stop now".
                guard handlers.withLock({ $0[key] != nil }) else { continue }
                switch handler {
                case .collection(let scope, let body):
                    for change in changes.collections where change.scope == scope { body(change) }
                case .albumList(let body):
                    if let change = changes.albumList { body(change) }
                }
            }
        }
    }

    /// Waits until every batch published so far has been delivered (for tests and shutdown).
    func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            delivery.async { continuation.resume() }
        }
    }
}
