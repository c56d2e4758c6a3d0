import Foundation
import GalleryKit
import GtkKit

/// `DROVER_BENCHMARK=viewer`: opens the first photo of the grid in the viewer and prints
/// when its first picture (the thumbnail) and its full image were on screen, counted from
/// the open, and the frame gaps meanwhile (the viewer is redrawn every frame, so a busy
/// main thread shows as a gap); then quits. Prints figures only.
///
/// With `DROVER_BENCHMARK_OPEN=user` it opens nothing itself: it counts from the open the
/// user makes (benchmarks/viewer-open.sh double-clicks the first tile with xdotool), so
/// what the first click started ahead (`ViewerPrefetch`) counts as it would for a person.
///
/// On a loaded machine wall-clock figures lie, so it also prints what load does not
/// inflate: the main thread's CPU between frames (the mean, and the largest: the frame
/// the open cost most), and the CPU the full image took to decode and to make into a
/// texture off the main thread (benchmarks/viewer-open.sh prints djpeg's on the same file).
@MainActor
final class ViewerBenchmark {
    private var ticker: TickCallback?
    private var gaps: [Double] = []
    /// Main-thread CPU milliseconds between one frame and the next.
    private var frameCPU: [Double] = []
    /// The index in `frameCPU` of the first frame drawn with the full image.
    private var fullImageFrame: Int?
    private var measuring: (controller: ViewerController, viewer: PhotoViewer, done: () -> Void)?

    private static func nowMicroseconds() -> Int64 { Int64(DispatchTime.now().uptimeNanoseconds / 1000) }

    static var isAsked: Bool { ProcessInfo.processInfo.environment["DROVER_BENCHMARK"] == "viewer" }

    /// Whether the user opens the photo (`DROVER_BENCHMARK_OPEN=user`) rather than the benchmark.
    private static var waitsForTheUser: Bool { ProcessInfo.processInfo.environment["DROVER_BENCHMARK_OPEN"] == "user" }

    /// Waits `delay` ms for the window to settle, opens the photo (or says where the user
    /// is to double-click: `firstTile`, the first tile's centre in the window), measures,
    /// then `done`.
    func run(_ controller: ViewerController, viewer: PhotoViewer, firstTile: @escaping @MainActor () -> (x: Double, y: Double)?,
             delay: UInt32 = 2000, done: @escaping () -> Void) {
        measuring = (controller, viewer, done)
        _ = TimerSource.after(milliseconds: delay) {
            guard Self.waitsForTheUser else { return controller.open(entryAt: 0) }
            let centre = firstTile()
            // Written at once (print's output waits in a buffer): the script reads it to click.
            let line = String(format: "viewer benchmark: waiting for the open; the first tile's centre at %.0f %.0f in the window\n",
                              centre?.x ?? -1, centre?.y ?? -1)
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    /// The viewer is opening a photo: measuring starts (once).
    func opening() {
        guard ticker == nil, let (controller, viewer, done) = measuring else { return }
        let opened = Self.nowMicroseconds()
        var last: Int64 = 0
        var firstPicture: Double?
        var fullImage: Double?
        var framesAfterFull = 0
        var lastCPU = Self.mainThreadCPUMilliseconds()
        ticker = viewer.canvas.addTickCallback { [weak self] time in
            guard let self else { return false }
            if last != 0 { self.gaps.append(Double(time - last) / 1000) }
            let cpu = Self.mainThreadCPUMilliseconds()
            self.frameCPU.append(cpu - lastCPU)
            lastCPU = cpu
            last = time
            let elapsed = Double(Self.nowMicroseconds() - opened) / 1000
            if firstPicture == nil, viewer.hasPicture { firstPicture = elapsed }
            if fullImage == nil, viewer.showsFullImage {
                fullImage = elapsed
                self.fullImageFrame = self.frameCPU.count
            }
            if fullImage != nil { framesAfterFull += 1 }
            viewer.canvas.queueDraw()
            // A few frames with the full image drawn, or give up after 20 s.
            guard framesAfterFull > 5 || elapsed > 20_000 else { return true }
            print(String(format: "viewer benchmark (%@): first frame with a picture %.0f ms, full image %@ after the open; %@",
                         Self.waitsForTheUser ? "opened by the user" : "opened at once",
                         firstPicture ?? -1, fullImage.map { String(format: "%.0f ms", $0) } ?? "never",
                         FrameGaps.summary(self.gaps)) + self.cpuSummary(controller, viewer: viewer))
            done()
            return false
        }
    }

    private func cpuSummary(_ controller: ViewerController, viewer: PhotoViewer) -> String {
        let mean = frameCPU.reduce(0, +) / Double(max(1, frameCPU.count))
        let largest = frameCPU.indices.max { frameCPU[$0] < frameCPU[$1] } ?? 0
        // Which frame cost most tells what to blame: the first (the page switch and the
        // thumbnail) or the full image's (its texture and first draw).
        var text = String(format: "; main thread CPU per frame %.1f ms mean, %.1f ms max (frame %d of %d; the full image in frame %d)",
                          mean, frameCPU.max() ?? 0, largest, frameCPU.count, fullImageFrame ?? -1)
        if let decode = controller.shownDecode {
            text += String(format: "; full image %d×%d", viewer.textureSize?.width ?? 0, viewer.textureSize?.height ?? 0)
            text += String(format: ", decoded in %.0f ms of CPU, made a texture in %.0f ms of CPU (off the main thread)",
                           decode.decodeCPUSeconds * 1000, decode.prepareCPUSeconds * 1000)
        }
        return text
    }

    /// CPU time of the calling thread (the main thread here), in milliseconds.
    private static func mainThreadCPUMilliseconds() -> Double { ThreadCPUTime.seconds() * 1000 }
}
