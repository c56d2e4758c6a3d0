import CGtk
import DragKit
import Foundation
import GtkKit

/// A transparent layer over the window where DragKit's preview plans are
/// played: photos lifting out, shrinking into the trash, flying back on
/// cancel. It never takes input. Plans are pure geometry from DragKit; this
/// only draws them.
///
/// The photos are drawn, not laid out as child widgets: each frame only
/// queues a redraw. Relayouts every frame during a drag left the window's
/// content unallocated when an expose arrived between layout passes (a blank
/// window for a frame on GTK 4.8/X11).
@MainActor
final class AnimationLayer: CanvasLayout {
    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, cssName: "animation-layer")
    private var plan: PreviewPlan?
    private var textures: [Texture?] = []
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
        canvas.setDraw { [weak self] snapshot in self?.draw(into: snapshot) }
    }

    /// Plays `plan` with one texture per track (in the layer's coordinates);
    /// `onFrame` runs each frame (the trash icon's pulse), `completion` at the end.
    func play(_ plan: PreviewPlan, textures: [Texture?], onFrame: ((PreviewPlan, Double) -> Void)? = nil,
              completion: (() -> Void)? = nil) {
        finish()
        self.plan = plan
        self.textures = textures
        self.onFrame = onFrame
        self.completion = completion
        started = 0
        elapsed = 0
        // A reduced plan (or any zero-length one) is its end state at once: no frame to draw.
        if plan.duration <= 0 {
            onFrame?(plan, 0)
            return finish()
        }
        ticker = canvas.addTickCallback { [weak self] time in
            guard let self, let plan = self.plan else { return false }
            if self.started == 0 { self.started = time }
            self.elapsed = Double(time - self.started) / 1_000_000
            self.onFrame?(plan, self.elapsed)
            self.canvas.queueDraw()
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
        plan = nil
        textures = []
        canvas.queueDraw()
        let completion = self.completion
        self.completion = nil
        onFrame = nil
        completion?()
    }

    private func draw(into snapshot: Snapshot) {
        guard let plan else { return }
        for (index, frame) in plan.frames(at: elapsed).enumerated() {
            guard index < textures.count, let texture = textures[index] else { continue }
            let width = frame.size.width * frame.scale, height = frame.size.height * frame.scale
            snapshot.drawTexture(texture, x: frame.center.x - width / 2, y: frame.center.y - height / 2,
                                 width: width, height: height, cornerRadius: frame.cornerRadius * frame.scale,
                                 opacity: frame.opacity)
        }
    }

    // MARK: CanvasLayout (no children: the layer only draws)

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (0, 0) }
    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {}
}
