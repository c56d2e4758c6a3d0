import DragKit
import GtkKit

/// A DragKit `DwellTimer` run by a GLib timer: each hover restarts the dwell (DragKit
/// decides whether it does) and looks again when it is due; `onDwell` gets the target once
/// the pointer has rested on it long enough. The timing rule stays DragKit's.
@MainActor
final class DwellWatch<Target: Hashable> {
    private let timer: DwellTimer<Target>
    private let clock: any DragClock
    private var poll: TimerSource?
    var onDwell: ((Target) -> Void)?

    init(_ timer: DwellTimer<Target>, clock: any DragClock) {
        self.timer = timer
        self.clock = clock
    }

    /// The pointer is at `point`, over `target` (nil: over nothing that dwells).
    func hover(over target: Target?, at point: Point) {
        timer.hover(over: target, at: point)
        poll?.cancel()
        guard let deadline = timer.deadline else { return }
        let remaining = (deadline - clock.now).components
        let milliseconds = max(0, Double(remaining.seconds) * 1000 + Double(remaining.attoseconds) / 1e15)
        poll = TimerSource.after(milliseconds: UInt32(milliseconds.rounded(.up)) + 1) { [weak self] in
            guard let self, let target = self.timer.poll() else { return }
            self.onDwell?(target)
        }
    }

    /// Leave, drop or cancel: forget the dwell.
    func stop() {
        timer.stop()
        poll?.cancel()
    }
}
