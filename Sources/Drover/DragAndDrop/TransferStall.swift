import DragKit
import Foundation

/// How long a drop or a paste may send nothing before DragKit's stall rule gives up on it
/// (`DropSession.loadItems`, "No data for 20 s").
@MainActor
enum TransferStall {
    /// DragKit's rule with the limit below.
    static var rule: StallRule { StallRule(limit: limit) }

    /// DragKit's 20 s, unless `DROVER_STALL_SECONDS` says otherwise: the end-to-end test of
    /// a stalled source sets 3 s, so it need not wait 20 s to see the placeholder give up.
    static let limit: Duration = {
        guard let text = ProcessInfo.processInfo.environment["DROVER_STALL_SECONDS"],
              let seconds = Double(text), seconds > 0, seconds.isFinite else { return StallWatch.defaultLimit }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }()
}
