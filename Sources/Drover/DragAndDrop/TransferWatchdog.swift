import DragKit
import Foundation

/// Runs DragKit's `StallWatch` for one read of a drop or the clipboard: `onStall` is called
/// once, on the main actor, when the source has sent nothing for the limit. The read calls
/// `heard()` for each chunk and `stop()` when it ends, whatever the end.
@MainActor
final class TransferWatchdog {
    private let watch = StallWatch(limit: TransferWatchdog.limit)
    private var waiting: Task<Void, Never>?

    /// Starts the clock: the read should start now too.
    init() {}

    /// Calls `onStall` with the placeholder's message ("No data for 20 s") if the source
    /// stalls before `stop()`. (Separate from `init` so that `onStall` may refer to the
    /// read's task, and the read's task to this watchdog.)
    func start(onStall: @escaping @MainActor (_ message: String) -> Void) {
        let watch = self.watch
        waiting = Task { @MainActor in
            if await watch.waitForStall() { onStall(watch.message) }
        }
    }

    func heard() { watch.heard() }

    func stop() {
        watch.stop()
        waiting?.cancel()
        waiting = nil
    }

    var hasStalled: Bool { watch.state == .stalled }

    /// DragKit's 20 s, unless `DROVER_STALL_SECONDS` says otherwise: the end-to-end test of
    /// a stalled source sets 3 s, so it need not wait 20 s to see the placeholder give up.
    static let limit: Duration = {
        guard let text = ProcessInfo.processInfo.environment["DROVER_STALL_SECONDS"],
              let seconds = Double(text), seconds > 0, seconds.isFinite else { return StallWatch.defaultLimit }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }()
}
