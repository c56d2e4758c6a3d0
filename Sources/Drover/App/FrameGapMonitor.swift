import Foundation
import GtkKit

/// `DROVER_BENCHMARK=frames`: redraws the grid every frame for
/// `seconds` and reports the frame gaps, for measuring how an import running
/// meanwhile (`drover FILE…` from another terminal) affects the UI.
@MainActor
final class FrameGapMonitor {
    private var gaps: [Double] = []
    private var last: Int64 = 0
    private var started: Int64 = 0
    private var ticker: TickCallback?

    func run(on widget: Widget, seconds: Double, done: @escaping () -> Void) {
        ticker = widget.addTickCallback { [weak self] time in
            guard let self else { return false }
            if self.started == 0 { self.started = time }
            if self.last != 0 { self.gaps.append(Double(time - self.last) / 1000) }
            self.last = time
            widget.queueDraw()
            guard Double(time - self.started) / 1_000_000 < seconds else {
                print("frame monitor: " + FrameGaps.summary(self.gaps))
                done()
                return false
            }
            return true
        }
    }
}

enum FrameGaps {
    /// "N frames, frame gap mean …, p99 …, max …, K gaps over 50 ms".
    static func summary(_ gaps: [Double]) -> String {
        let sorted = gaps.sorted()
        guard let worst = sorted.last else { return "no frames" }
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return String(format: "%d frames, frame gap mean %.1f ms, p99 %.1f ms, max %.1f ms, %d gaps over 50 ms",
                      sorted.count, mean, p99, worst, sorted.filter { $0 > 50 }.count)
    }
}
