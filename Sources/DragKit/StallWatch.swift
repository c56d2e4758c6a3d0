import Localization

/// Gives up on a transfer whose source has gone quiet: one rule for every representation a
/// drop or paste is read as (image bytes, a file list, text).
///
/// A transfer may be slow (a large image at 100 KB/s) and that is fine as long as data keeps
/// coming; what must end is silence. So the watch is a deadline that every sign of life
/// (`heard()`, for each chunk received) pushes back by `limit`. A representation read in one
/// piece (a file list, text) has no chunks: its whole read then has `limit` to answer.
///
/// Like `DwellTimer` it is polled against an injected clock, so tests step time exactly;
/// `waitForStall(sleep:)` is the loop an app runs (with a real sleep) to be told once.
@MainActor
public final class StallWatch {
    /// How long the source may send nothing.
    public let limit: Duration
    private let clock: any DragClock
    private var lastHeard: Duration
    public private(set) var state = State.watching

    public enum State: Equatable, Sendable {
        case watching
        /// The source sent nothing for `limit`. Reported once.
        case stalled
        /// The transfer ended (finished, failed or cancelled) before stalling.
        case stopped
    }

    /// Starts watching now.
    public init(limit: Duration = StallWatch.defaultLimit, clock: any DragClock = SystemDragClock()) {
        self.limit = limit
        self.clock = clock
        lastHeard = clock.now
    }

    /// Twenty seconds: far longer than any pause of a working source, even a slow network
    /// share, yet short enough that a hung one does not leave a placeholder for ever.
    public static let defaultLimit = Duration.seconds(20)

    /// Data arrived: the silence starts again from now.
    public func heard() {
        guard state == .watching else { return }
        lastHeard = clock.now
    }

    /// The transfer is over: the watch never fires after this.
    public func stop() {
        guard state == .watching else { return }
        state = .stopped
    }

    /// When the silence would become a stall, while watching.
    public var deadline: Duration? {
        state == .watching ? lastHeard + limit : nil
    }

    /// True exactly once: the first poll after `limit` of silence.
    public func poll() -> Bool {
        guard state == .watching, clock.now - lastHeard >= limit else { return false }
        state = .stalled
        return true
    }

    /// Sleeps until each deadline in turn (progress moves it later) and returns true when the
    /// transfer stalled, false once it was stopped or the task was cancelled. `sleep` is
    /// `Task.sleep` in the app; tests pass one that advances their manual clock.
    public func waitForStall(sleep: (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) async -> Bool {
        while let deadline {
            if poll() { return true }
            do {
                try await sleep(deadline - clock.now)
            } catch {
                return false
            }
        }
        return false
    }

    /// What a stalled placeholder says: "No data for 20 s".
    public var message: String { Self.message(for: limit) }

    static func message(for limit: Duration) -> String {
        let (seconds, attoseconds) = limit.components
        if attoseconds == 0 { return tr("No data for {seconds} s", ["seconds": seconds]) }
        // Tenths are plenty, with a point whatever the locale ("No data for 2.5 s").
        let tenths = ((Double(seconds) + Double(attoseconds) / 1e18) * 10).rounded()
        return tr("No data for {seconds} s", ["seconds": "\(tenths / 10)"])
    }
}
