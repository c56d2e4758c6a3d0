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
    /// Stops after this many frames even if the bottom is not reached (100,000
    /// photos take 25 minutes top to bottom at 60 pixels a frame).
    private let frameLimit: Int
    private var lastFrame: Int64 = 0
    private var gaps: [Double] = []
    private var ticker: TickCallback?
    /// The main thread's CPU time when scrolling began: its CPU per frame is the figure a
    /// loaded machine does not inflate (frame gaps count the waits for a core too).
    private var mainThreadCPUAtStart = 0.0

    init(grid: PhotoGrid, pixelsPerFrame: Double = 60, frameLimit: Int = .max) {
        self.grid = grid
        self.pixelsPerFrame = pixelsPerFrame
        self.frameLimit = frameLimit
    }

    /// Starts once the grid has items; calls `done` after printing the figures.
    func run(done: @escaping () -> Void) {
        let adjustment = grid.scrolledWindow.verticalAdjustment
        adjustment.value = 0
        mainThreadCPUAtStart = Self.threadCPUSeconds()
        ticker = grid.canvas.addTickCallback { [weak self] time in
            guard let self else { return false }
            if self.lastFrame != 0 { self.gaps.append(Double(time - self.lastFrame) / 1000) }
            self.lastFrame = time
            let bottom = adjustment.upper - adjustment.pageSize
            if adjustment.value >= bottom || self.gaps.count >= self.frameLimit {
                self.report()
                done()
                return false
            }
            adjustment.value = min(bottom, adjustment.value + self.pixelsPerFrame)
            return true
        }
    }

    private func report() {
        let rows = Int(grid.scrolledWindow.verticalAdjustment.value / (grid.cellSize.height + PhotoGrid.spacing))
        let cpuPerFrame = (Self.threadCPUSeconds() - mainThreadCPUAtStart) * 1000 / Double(max(1, gaps.count))
        print("scroll benchmark: \(grid.items.count) items, \(rows) rows scrolled, " + FrameGaps.summary(gaps)
              + String(format: ", main thread %.2f ms of CPU per frame, ", cpuPerFrame) + ResidentMemory.summary())
    }

    /// CPU time of the calling thread (the main thread here; DropBenchmark's too).
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
