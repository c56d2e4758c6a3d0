import Synchronization

/// Tells blocking import work, which runs on `BlockingWork` threads outside any task (so
/// `Task.isCancelled` is false there), that its task was cancelled.
final class ImportCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .relaxed) }

    func cancel() { flag.store(true, ordering: .relaxed) }

    /// Runs `work` on a `BlockingWork` thread with a flag that the calling task's
    /// cancellation sets; with `onOwnThread`, on a thread of its own (see
    /// `BlockingWork.runOnOwnThread`), for callers that bound how many run at once.
    static func runBlocking<T: Sendable>(onOwnThread: Bool = false,
                                         _ work: @escaping @Sendable (ImportCancellation) -> T) async -> T {
        let cancellation = ImportCancellation()
        return await withTaskCancellationHandler {
            onOwnThread ? await BlockingWork.runOnOwnThread { work(cancellation) } : await BlockingWork.run { work(cancellation) }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
