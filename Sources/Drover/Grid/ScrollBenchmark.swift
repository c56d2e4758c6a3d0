import Foundation
import GtkKit

/// `DROVER_BENCHMARK=scroll`: scrolls the grid from top to bottom at a steady
/// speed, one step per frame, and prints how long frames took. It measures the
/// real app (tile recycling, thumbnail decoding hops, layout), which is what a
/// person scrolling feels. Prints figures only; it sets no pass/fail budget.
@MainActor
final class ScrollBenchmark {
    private let grid: PhotoGrid
    private let pixelsPerFrame: Double
    private var lastFrame: Int64 = 0
    private var gaps: [Double] = []
    private var ticker: TickCallback?

    init(grid: PhotoGrid, pixelsPerFrame: Double = 60) {
        self.grid = grid
        self.pixelsPerFrame = pixelsPerFrame
    }

    /// Starts once the grid has items; calls `done` after printing the figures.
    func run(done: @escaping () -> Void) {
        let adjustment = grid.scrolledWindow.verticalAdjustment
        adjustment.value = 0
        ticker = grid.canvas.addTickCallback { [weak self] time in
            guard let self else { return false }
            if self.lastFrame != 0 { self.gaps.append(Double(time - self.lastFrame) / 1000) }
            self.lastFrame = time
            let bottom = adjustment.upper - adjustment.pageSize
            if adjustment.value >= bottom {
                self.report()
                done()
                return false
            }
            adjustment.value = min(bottom, adjustment.value + self.pixelsPerFrame)
            return true
        }
    }

    private func report() {
        print("scroll benchmark: \(grid.items.count) items, " + FrameGaps.summary(gaps))
    }
}

/// `DROVER_BENCHMARK=frames`: keeps the window animating (a spinner) for
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
