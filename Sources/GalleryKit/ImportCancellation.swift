import Synchronization

/// Tells blocking import work, which runs on `BlockingWork` threads outside any task (so
/// `Task.isCancelled` is false there), that its task was cancelled.
final class ImportCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .relaxed) }

    func cancel() { flag.store(true, ordering: .relaxed) }

    /// Runs `work` on a `BlockingWork` thread with a flag that the calling task's
    /// cancellation sets.
    static func runBlocking<T: Sendable>(_ work: @escaping @Sendable (ImportCancellation) -> T) async -> T {
        let cancellation = ImportCancellation()
        return await withTaskCancellationHandler {
            await BlockingWork.run { work(cancellation) }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
