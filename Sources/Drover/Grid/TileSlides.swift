import DragKit
import Foundation
import GtkKit

/// Slides tiles from where they were to where they are after a change: each
/// moved tile starts offset by (old - new) and the offset eases to zero. New
/// tiles grow in. The grid asks for each tile's offset while it allocates.
@MainActor
final class TileSlides {
    static let duration: Double = 0.22

    private struct Slide {
        let from: (x: Double, y: Double)
        let fromScale: Double
    }

    private var slides: [String: Slide] = [:]
    private var start: Int64 = 0
    private var progress: Double = 1
    private var ticker: TickCallback?

    /// Starts slides for the tiles at `shown` (the indices on screen after the change):
    /// only those can be seen to move, so a change costs the visible tiles, not the
    /// whole collection (the gap moves on every motion event of a drag).
    func start(from before: [String: Rect], to frame: (Int) -> Rect, items: [TileModel], shown: Range<Int>,
               canvas: Canvas) {
        slides = [:]
        // Reduced motion: tiles are at their new places at once (no slide, no growing in).
        guard Motion.duration(Self.duration, named: "tile-slides") > 0 else {
            ticker?.remove()
            ticker = nil
            progress = 1
            return
        }
        // Visible tiles that moved, plus tiles that just appeared among them.
        for index in shown where items.indices.contains(index) {
            let model = items[index]
            if let old = before[model.id] {
                let new = frame(index)
                if old != new { slides[model.id] = Slide(from: (old.minX - new.minX, old.minY - new.minY), fromScale: 1) }
            } else if !before.isEmpty {
                slides[model.id] = Slide(from: (0, 0), fromScale: 0.6)
            }
        }
        guard !slides.isEmpty else { return }
        progress = 0
        start = 0
        ticker?.remove()
        ticker = canvas.addTickCallback { [weak self, weak canvas] time in
            guard let self, let canvas else { return false }
            if self.start == 0 { self.start = time }
            self.progress = min(1, Double(time - self.start) / 1_000_000 / Self.duration)
            canvas.queueAllocate()
            if self.progress >= 1 {
                self.slides = [:]
                self.ticker = nil
                return false
            }
            return true
        }
    }

    /// The current translation and scale of a tile; identity when it is not sliding.
    func offset(for id: String) -> (translation: (x: Double, y: Double), scale: Double) {
        guard let slide = slides[id] else { return ((0, 0), 1) }
        let remaining = 1 - Easing.easeOutCubic(progress)
        return ((slide.from.x * remaining, slide.from.y * remaining), 1 - (1 - slide.fromScale) * remaining)
    }
}
