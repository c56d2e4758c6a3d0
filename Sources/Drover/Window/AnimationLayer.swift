import CGtk
import DragKit
import Foundation
import GtkKit

/// A transparent layer over the window where DragKit's preview plans are
/// played: photos shrinking into the trash, flying back on cancel. It never
/// takes input. Plans are pure geometry from DragKit; this only draws them.
@MainActor
final class AnimationLayer: CanvasLayout {
    /// At most this many photos fly at once; a plan with more tracks shows the first ones.
    static let spriteCount = 8

    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, cssName: "animation-layer")
    /// Made once and only shown or hidden: adding widgets to the window while a
    /// drag is in progress left it unallocated (blank) on X11.
    private var sprites: [Picture] = []
    private var activeSprites = 0
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
        for _ in 0..<Self.spriteCount {
            let sprite = Picture()
            sprite.setContentFit(GTK_CONTENT_FIT_COVER)
            sprite.setCanShrink(true)
            sprite.addCSSClass("flying-photo")
            sprite.isVisible = false
            canvas.addChild(sprite)
            sprites.append(sprite)
        }
    }

    /// Plays `plan` with one picture per track (in window coordinates);
    /// `onFrame` runs each frame (the trash icon's pulse), `completion` at the end.
    func play(_ plan: PreviewPlan, textures: [Texture?], onFrame: ((PreviewPlan, Double) -> Void)? = nil,
              completion: (() -> Void)? = nil) {
        finish()
        self.plan = plan
        self.onFrame = onFrame
        self.completion = completion
        activeSprites = min(plan.tracks.count, sprites.count)
        for (index, sprite) in sprites.enumerated() {
            sprite.isVisible = index < activeSprites
            sprite.setTexture(index < activeSprites && index < textures.count ? textures[index] : nil)
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
        sprites.forEach { $0.isVisible = false; $0.setTexture(nil) }
        activeSprites = 0
        plan = nil
        let completion = self.completion
        self.completion = nil
        onFrame = nil
        completion?()
    }

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (0, 0) }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        // Hidden sprites still get an allocation: GTK wants every child allocated.
        for sprite in sprites.dropFirst(activeSprites) { canvas.place(sprite, x: 0, y: 0, width: 1, height: 1) }
        guard let plan else { return }
        for (sprite, frame) in zip(sprites.prefix(activeSprites), plan.frames(at: elapsed)) {
            let width = frame.size.width * frame.scale, height = frame.size.height * frame.scale
            sprite.opacity = frame.opacity
            canvas.place(sprite, x: frame.center.x - width / 2, y: frame.center.y - height / 2,
                         width: Int32(max(1, width)), height: Int32(max(1, height)))
        }
    }
}
