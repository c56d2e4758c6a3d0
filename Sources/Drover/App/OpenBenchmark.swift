import Foundation
import GalleryKit
import GtkKit

/// For `DROVER_BENCHMARK` runs: when the first tiles were on screen, and when all
/// of them showed their thumbnails, counted from the process's start (the kernel's
/// start time, so loading the binary counts too). Prints figures only.
@MainActor
final class OpenBenchmark {
    private var ticker: TickCallback?
    private var sawTiles = false
    /// Set at the first frame whose visible tiles all show their thumbnails (a large
    /// collection's first page, or the whole collection): the first frame with photos.
    private var sawThumbnails = false
    /// The gaps between frames from the first frame to the end of the open: loading a large
    /// collection must not stall the main loop (the scroll benchmark starts after it).
    private var lastFrame: Int64 = 0
    private var gaps: [Double] = []
    private var longestGap = 0.0
    private var longestGapEnd = 0.0
    /// The main thread's CPU between frames, the longest: the gaps count waits for a core
    /// on a loaded machine, this counts only the main thread's own work in one frame.
    private var lastFrameCPU = 0.0
    private var longestFrameCPU = 0.0
    /// Set by `wholeCollectionShown`: a large collection shows a first page before the rest.
    private var sawWholeCollection = false

    /// The gallery holds the whole collection (not only its first page) from now on.
    func wholeCollectionShown(_ count: Int) {
        sawWholeCollection = true
        print(String(format: "open benchmark: the whole collection (%d items) in the grid %.0f ms after launch (%.0f ms of CPU), %@",
                     count, Self.secondsSinceLaunch() * 1000, Self.cpuSeconds() * 1000, ResidentMemory.summary()))
    }

    /// Watches `grid` from its first frame; calls `done` once every visible tile
    /// shows its thumbnail and the whole collection is in the grid (or `timeout`
    /// seconds passed, said so).
    func run(on grid: PhotoGrid, timeout: Double = 60, done: @escaping () -> Void) {
        ticker = grid.canvas.addTickCallback { [weak self] time in
            guard let self else { return false }
            let elapsed = Self.secondsSinceLaunch()
            let cpu = ThreadCPUTime.seconds() * 1000
            if self.lastFrame != 0 {
                let gap = Double(time - self.lastFrame) / 1000
                if gap > self.longestGap { (self.longestGap, self.longestGapEnd) = (gap, elapsed) }
                self.gaps.append(gap)
                self.longestFrameCPU = max(self.longestFrameCPU, cpu - self.lastFrameCPU)
            }
            self.lastFrame = time
            self.lastFrameCPU = cpu
            if !self.sawTiles, !grid.visibleTiles.isEmpty {
                self.sawTiles = true
                print(String(format: "open benchmark: %d items, first frame with tiles %.0f ms after launch (%.0f ms of CPU), %@",
                             grid.items.count, elapsed * 1000, Self.cpuSeconds() * 1000, ResidentMemory.summary()))
            }
            let tiles = grid.visibleTiles.values
            // The whole collection replaces the first page's tiles: wait for its own.
            let shown = !tiles.isEmpty && tiles.allSatisfy(\.showsThumbnailOrNeedsNone)
            if self.sawTiles, shown, !self.sawThumbnails {
                self.sawThumbnails = true
                print(String(format: "open benchmark: first frame with all %d visible tiles' thumbnails %.0f ms after launch (%.0f ms of CPU)",
                             tiles.count, elapsed * 1000, Self.cpuSeconds() * 1000))
            }
            if self.sawTiles, self.sawWholeCollection && shown || elapsed > timeout {
                print(String(format: "open benchmark: all %d visible tiles with thumbnails %.0f ms after launch%@",
                             tiles.count, elapsed * 1000, elapsed > timeout ? " (gave up waiting)" : ""))
                print("open benchmark: from the first frame to here, " + FrameGaps.summary(self.gaps)
                      + String(format: " (the longest ending %.0f ms after launch), main thread's CPU between two frames at most %.0f ms",
                               self.longestGapEnd * 1000, self.longestFrameCPU))
                done()
                return false
            }
            return true
        }
    }

    /// CPU time the process used so far, all threads: on a loaded machine a truer
    /// figure of the work than the wall clock, which counts waiting for a core.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Seconds since the kernel started this process (/proc/self/stat, field 22, in clock ticks).
    static func secondsSinceLaunch() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields after the command name start at field 3; field 22 is at offset 19.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// The process's resident memory, now and at its peak (/proc/self/status).
enum ResidentMemory {
    static func summary() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "memory unknown" }
        func value(_ key: String) -> String {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
        }
        return "resident \(value("VmRSS")), peak \(value("VmHWM"))"
    }
}
