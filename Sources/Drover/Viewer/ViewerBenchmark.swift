import Foundation
import GtkKit

/// `DROVER_BENCHMARK=viewer`: opens the first photo of the grid in the viewer and prints
/// when its first picture (the thumbnail) and its full image were on screen, counted from
/// the open, and the frame gaps meanwhile (the viewer is redrawn every frame, so a busy
/// main thread shows as a gap); then quits. Prints figures only.
@MainActor
final class ViewerBenchmark {
    private var ticker: TickCallback?
    private var gaps: [Double] = []

    private static func nowMicroseconds() -> Int64 { Int64(DispatchTime.now().uptimeNanoseconds / 1000) }

    static var isAsked: Bool { ProcessInfo.processInfo.environment["DROVER_BENCHMARK"] == "viewer" }

    /// Waits `delay` ms for the window to settle, opens the photo, measures, then `done`.
    func run(_ controller: ViewerController, viewer: PhotoViewer, delay: UInt32 = 2000, done: @escaping () -> Void) {
        _ = TimerSource.after(milliseconds: delay) { [weak self] in
            guard let self else { return }
            let opened = Self.nowMicroseconds()
            var last: Int64 = 0
            var firstPicture: Double?
            var fullImage: Double?
            var framesAfterFull = 0
            self.ticker = viewer.canvas.addTickCallback { [weak self] time in
                guard let self else { return false }
                if last != 0 { self.gaps.append(Double(time - last) / 1000) }
                last = time
                let elapsed = Double(Self.nowMicroseconds() - opened) / 1000
                if firstPicture == nil, viewer.hasPicture { firstPicture = elapsed }
                if fullImage == nil, viewer.showsFullImage { fullImage = elapsed }
                if fullImage != nil { framesAfterFull += 1 }
                viewer.canvas.queueDraw()
                // A few frames with the full image drawn, or give up after 20 s.
                guard framesAfterFull > 5 || elapsed > 20_000 else { return true }
                print(String(format: "viewer benchmark: first frame with a picture %.0f ms, full image %@ after the open; %@",
                             firstPicture ?? -1, fullImage.map { String(format: "%.0f ms", $0) } ?? "never",
                             FrameGaps.summary(self.gaps)))
                done()
                return false
            }
            controller.open(entryAt: 0)
        }
    }
}
