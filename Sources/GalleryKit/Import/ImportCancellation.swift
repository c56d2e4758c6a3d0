import DecoderKit
import Synchronization

/// Tells blocking import work, which runs on `BlockingWork` threads outside any task (so
/// `Task.isCancelled` is false there), that its task was cancelled.
final class ImportCancellation: DecoderCancellation {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .relaxed) }

    func cancel() { flag.store(true, ordering: .relaxed) }

    /// Runs `work` on a thread of its own (`BlockingWork.runOnOwnThread`: imports bound
    /// how many run at once, `ImportLimits.filesInFlight`) with a flag that the calling
    /// task's cancellation sets.
    static func runBlocking<T: Sendable>(_ work: @escaping @Sendable (ImportCancellation) -> T) async -> T {
        let cancellation = ImportCancellation()
        return await withTaskCancellationHandler {
            await BlockingWork.runOnOwnThread { work(cancellation) }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
