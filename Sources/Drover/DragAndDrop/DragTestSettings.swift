import Foundation

/// The settings the end-to-end tests give Drover through its environment, read here and
/// nowhere else, so that a test can wait for a drag to have ended before checking that
/// nothing changed (docs/testing.md):
/// - `DROVER_LOG_DRAGS=1`: a line on standard error when a drag from the grid is cancelled
///   and when it ends (`drover: drag cancelled (…)`, `drover: drag ended`).
nonisolated enum DragTestSettings {
    static let logsDrags = ProcessInfo.processInfo.environment["DROVER_LOG_DRAGS"] == "1"

    static func log(_ line: String) {
        guard logsDrags else { return }
        FileHandle.standardError.write(Data("drover: \(line)\n".utf8))
    }
}
