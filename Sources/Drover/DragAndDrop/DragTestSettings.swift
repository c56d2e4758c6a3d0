import DragKit
import Foundation

/// The settings the end-to-end tests give Drover through its environment, read here
/// and nowhere else, so that a test can make a drag's outcome deterministic instead of
/// racing a timer, and can wait for a drag to have ended before checking that nothing
/// changed (docs/testing.md):
/// - `DROVER_SPRING_LOAD_DELAY_MS`: how long a drag rests on an album row before the
///   album opens (DragKit's 500 ms otherwise). A test of a drop on a closed album sets it
///   far beyond the test's length; a test of spring loading keeps the default.
/// - `DROVER_FLOCKING_DELAY_MS`: how long a drag rests on a photo before it joins the drag
///   (DragKit's 600 ms otherwise). The high-contrast test sets it long, to photograph the
///   flocking ring part way round.
/// - `DROVER_LOG_DRAGS=1`: a line on standard error when a drag from the grid, the viewer
///   or the album list begins (`drover: drag began`: a test's pointer waits for it before
///   it releases), and when one from the grid is cancelled or ends (`drover: drag
///   cancelled (…)`, `drover: drag ended`).
nonisolated enum DragTestSettings {
    static let springLoadingDelay: Duration = {
        guard let text = ProcessInfo.processInfo.environment["DROVER_SPRING_LOAD_DELAY_MS"],
              let milliseconds = Int(text), milliseconds >= 0 else { return DwellTimer<ContainerID>.springLoadingDelay }
        return .milliseconds(milliseconds)
    }()

    static let flockingDelay: Duration = {
        guard let text = ProcessInfo.processInfo.environment["DROVER_FLOCKING_DELAY_MS"],
              let milliseconds = Int(text), milliseconds >= 0 else { return DwellFlocking.delay }
        return .milliseconds(milliseconds)
    }()

    static let logsDrags = ProcessInfo.processInfo.environment["DROVER_LOG_DRAGS"] == "1"

    static func log(_ line: String) {
        guard logsDrags else { return }
        FileHandle.standardError.write(Data("drover: \(line)\n".utf8))
    }
}
