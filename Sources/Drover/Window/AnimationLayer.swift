import CGtk
import DragKit
import Foundation
import GtkKit

/// A transparent layer over the window where DragKit's preview plans are
/// played: photos shrinking into the trash, flying back on cancel. It never
/// takes input. Plans are pure geometry from DragKit; this only draws them.
@MainActor
final class AnimationLayer: CanvasLayout {
    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, cssName: "animation-layer")
    private var sprites: [Picture] = []
    private var plan: PreviewPlan?
    private var started: Int64 = 0
    private var elapsed: Double = 0
    private var ticker: TickCallback?
    private var onFrame: ((PreviewPlan, Double) -> Void)?
    private var completion: (() -> Void)?

    init() {
        canvas.canTarget = false
        canvas.expandsHorizontally = true
        canvas.expandsVertically = true
        canvas.setLayout(self)
    }

    /// Plays `plan` with one picture per track (in window coordinates);
    /// `onFrame` runs each frame (the trash icon's pulse), `completion` at the end.
    func play(_ plan: PreviewPlan, textures: [Texture?], onFrame: ((PreviewPlan, Double) -> Void)? = nil,
              completion: (() -> Void)? = nil) {
        finish()
        self.plan = plan
        self.onFrame = onFrame
        self.completion = completion
        for (index, _) in plan.tracks.enumerated() {
            let sprite = Picture()
            sprite.setContentFit(GTK_CONTENT_FIT_COVER)
            sprite.setCanShrink(true)
            sprite.addCSSClass("flying-photo")
            sprite.setTexture(index < textures.count ? textures[index] : nil)
            canvas.addChild(sprite)
            sprites.append(sprite)
        }
        started = 0
        elapsed = 0
        ticker = canvas.addTickCallback { [weak self] time in
            guard let self, let plan = self.plan else { return false }
            if self.started == 0 { self.started = time }
            self.elapsed = Double(time - self.started) / 1_000_000
            self.onFrame?(plan, self.elapsed)
            self.canvas.queueAllocate()
            if self.elapsed >= plan.duration {
                self.finish()
                return false
            }
            return true
        }
    }

    private func finish() {
        ticker?.remove()
        ticker = nil
        sprites.forEach { canvas.removeChild($0) }
        sprites = []
        plan = nil
        let completion = self.completion
        self.completion = nil
        onFrame = nil
        completion?()
    }

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (0, 0) }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        guard let plan else { return }
        for (sprite, frame) in zip(sprites, plan.frames(at: elapsed)) {
            let width = frame.size.width * frame.scale, height = frame.size.height * frame.scale
            sprite.opacity = frame.opacity
            canvas.place(sprite, x: frame.center.x - width / 2, y: frame.center.y - height / 2,
                         width: Int32(max(1, width)), height: Int32(max(1, height)))
        }
    }
}
