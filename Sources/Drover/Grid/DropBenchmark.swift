import Foundation
import GtkKit

/// `DROVER_BENCHMARK=drop` with `DROVER_BENCHMARK_DROP_COUNT=N`: watches the grid
/// every frame while N files arrive by one drop (benchmarks/drop-frames.sh drags
/// them in). Prints, on CLOCK_MONOTONIC in ms (the script compares them with the
/// moment it released the mouse), when the first placeholder and all N items were on
/// screen, then the frame gaps from the first placeholder until the last one
/// committed, and the main thread's CPU meanwhile: per frame, and how many gaps over
/// 50 ms it alone explains (the others are waits for a core, on a loaded machine).
/// Prints figures only; quits when done or after `seconds`.
@MainActor
final class DropBenchmark {
    private let grid: PhotoGrid
    private let expected: Int
    private let seconds: Double
    private var ticker: TickCallback?
    private var baseCount = -1
    private var started = 0.0
    private var firstShown: Double?
    private var allShown: Double?
    private var lastFrame = 0.0
    private var gaps: [Double] = []
    /// The main thread's CPU time at the last frame, and what it spent in each frame since the first placeholder.
    private var lastCPU = 0.0
    private var cpuPerFrame: [Double] = []

    init(grid: PhotoGrid, expected: Int, seconds: Double) {
        self.grid = grid
        self.expected = expected
        self.seconds = seconds
    }

    func run(done: @escaping () -> Void) {
        ticker = grid.canvas.addTickCallback { [weak self] _ in
            guard let self else { return false }
            let finished = self.frame(at: Self.monotonicMilliseconds())
            // Redraw every frame so an idle grid still has frames to time.
            self.grid.canvas.queueDraw()
            if finished { done() }
            return !finished
        }
    }

    /// One frame: returns true once the figures are printed.
    private func frame(at now: Double) -> Bool {
        let items = grid.items
        if baseCount < 0 { baseCount = items.count; started = now }
        let arrived = items.count - baseCount
        if firstShown == nil, arrived > 0 {
            firstShown = now
            print(String(format: "drop benchmark: first placeholder on screen at %.1f ms", now))
        }
        let cpu = ScrollBenchmark.threadCPUSeconds() * 1000
        if firstShown != nil {
            gaps.append(now - lastFrame)
            cpuPerFrame.append(cpu - lastCPU)
        }
        lastFrame = now
        lastCPU = cpu
        if allShown == nil, arrived >= expected {
            allShown = now
            print(String(format: "drop benchmark: all %d items on screen at %.1f ms", expected, now))
        }
        let committed = allShown != nil && !items.contains(where: \.isPlaceholder)
        let timedOut = now - started > seconds * 1000
        guard committed || timedOut else { return false }
        let window = firstShown.map { now - $0 } ?? 0
        print(String(format: "drop benchmark: %@ at %.1f ms (%.1f s after the first placeholder), %d items arrived; from the first placeholder: ",
                     committed ? "the last placeholder committed" : "gave up waiting", now, window / 1000, max(0, arrived))
              + FrameGaps.summary(gaps))
        let busiest = cpuPerFrame.max() ?? 0
        let mean = cpuPerFrame.reduce(0, +) / Double(max(1, cpuPerFrame.count))
        let overBudget = zip(gaps, cpuPerFrame).filter { $0.0 > 50 && $0.1 > 50 }.count
        print(String(format: "drop benchmark: main thread's CPU per frame meanwhile: mean %.2f ms, max %.1f ms, %.1f s in all; gaps over 50 ms with over 50 ms of it: %d",
                     mean, busiest, cpuPerFrame.reduce(0, +) / 1000, overBudget))
        return true
    }

    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
