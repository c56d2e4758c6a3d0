import CGtk
import CDrover

/// A container whose children are placed by Swift: the base of the photo grid.
/// The layout object receives measure and allocate calls; children are added
/// with `addChild` and placed with `place(_:x:y:width:height:transform:)`.
@MainActor
public protocol CanvasLayout: AnyObject {
    /// The (minimum, natural) size along `orientation`, given `forSize` in the other one (-1 if unknown).
    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    func allocate(_ canvas: Canvas, width: Int32, height: Int32)
}

@MainActor
public final class Canvas: Widget {
    public init(role: GtkAccessibleRole, cssName: String) {
        super.init(drover_canvas_new(role, cssName))
    }

    /// Sets the layout. The canvas keeps it weakly: its owner keeps it alive.
    public func setLayout(_ layout: CanvasLayout) {
        let box = Unmanaged.passRetained(CanvasLayoutBox(canvas: self, layout: layout)).toOpaque()
        drover_canvas_set_layout(OpaquePointer(rawPointer), canvasMeasure, canvasAllocate, box, releaseCanvasBox)
    }

    /// Draws over the children each frame, from `draw`. Changing what it draws
    /// needs only `queueDraw()`, never a relayout.
    public func setDraw(_ draw: @escaping @MainActor (Snapshot) -> Void) {
        let box = Unmanaged.passRetained(SignalHandlerBox<SnapshotHandler>(draw)).toOpaque()
        drover_canvas_set_snapshot(OpaquePointer(rawPointer), canvasSnapshot, box, releaseCanvasBox)
    }

    public func addChild(_ child: Widget) { gtk_widget_set_parent(child.widget, widget) }
    public func removeChild(_ child: Widget) { gtk_widget_unparent(child.widget) }

    /// Moves `child` to just after `previous` among the canvas's children (to
    /// the front with nil), unless it is there already. Sibling order is the
    /// order AT-SPI lists children in and Tab moves focus in.
    public func keepChild(_ child: Widget, after previous: Widget?) {
        guard gtk_widget_get_prev_sibling(child.widget) != previous?.widget else { return }
        gtk_widget_insert_after(child.widget, widget, previous?.widget)
    }

    /// Allocates `child` at (x, y) with the given size, offset by a
    /// translation and scaled about its centre (for animations).
    public func place(_ child: Widget, x: Double, y: Double, width: Int32, height: Int32,
                      translation: (x: Double, y: Double) = (0, 0), scale: Double = 1) {
        var point = graphene_point_t(x: Float(x + translation.x), y: Float(y + translation.y))
        var transform = gsk_transform_translate(nil, &point)
        if scale != 1 {
            var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
            var back = graphene_point_t(x: -centre.x, y: -centre.y)
            transform = gsk_transform_translate(transform, &centre)
            transform = gsk_transform_scale(transform, Float(scale), Float(scale))
            transform = gsk_transform_translate(transform, &back)
        }
        // gtk_widget_allocate takes ownership of the transform.
        gtk_widget_allocate(child.widget, width, height, -1, transform)
    }

    /// Measures a child, so it can be allocated at least its minimum size.
    public func childMinimumSize(_ child: Widget) -> (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0, natural: Int32 = 0, b1: Int32 = 0, b2: Int32 = 0
        gtk_widget_measure(child.widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, &natural, &b1, &b2)
        gtk_widget_measure(child.widget, GTK_ORIENTATION_VERTICAL, width, &height, &natural, &b1, &b2)
        return (width, height)
    }
}

/// `@unchecked Sendable`: only touched on the main thread, by GTK's layout pass.
private final class CanvasLayoutBox: @unchecked Sendable {
    weak var canvas: Canvas?
    weak var layout: CanvasLayout?
    init(canvas: Canvas, layout: CanvasLayout) { self.canvas = canvas; self.layout = layout }
}

private let canvasMeasure: DroverCanvasMeasure = { _, orientation, forSize, minimum, natural, data in
    let box = Unmanaged<CanvasLayoutBox>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let minimum = minimum, natural = natural
    MainActor.assumeIsolated {
        guard let canvas = box.canvas, let layout = box.layout else { return }
        let size = layout.measure(canvas, orientation: orientation, forSize: forSize)
        minimum?.pointee = size.minimum
        natural?.pointee = size.natural
    }
}

private let canvasAllocate: DroverCanvasAllocate = { _, width, height, data in
    let box = Unmanaged<CanvasLayoutBox>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated {
        guard let canvas = box.canvas, let layout = box.layout else { return }
        layout.allocate(canvas, width: width, height: height)
    }
}

private let releaseCanvasBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<CanvasLayoutBox>.fromOpaque(data).release()
}

typealias SnapshotHandler = @MainActor (Snapshot) -> Void

private let canvasSnapshot: DroverCanvasSnapshot = { _, snapshot, data in
    let box = SignalHandlerBox<SnapshotHandler>.from(data)
    nonisolated(unsafe) let snapshot = snapshot
    MainActor.assumeIsolated { box.body(Snapshot(snapshot!)) }
}

/// A `GtkSnapshot` being drawn into; valid only during a draw callback.
@MainActor
public struct Snapshot {
    let snapshot: OpaquePointer
    init(_ snapshot: OpaquePointer) { self.snapshot = snapshot }

    /// Draws `texture` into `rect`, clipped to a rounded rectangle, at `opacity`.
    public func drawTexture(_ texture: Texture, x: Double, y: Double, width: Double, height: Double,
                            cornerRadius: Double, opacity: Double) {
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, Float(x), Float(y), Float(width), Float(height))
        var rounded = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&rounded, &bounds, Float(cornerRadius))
        gtk_snapshot_push_opacity(snapshot, opacity)
        gtk_snapshot_push_rounded_clip(snapshot, &rounded)
        gtk_snapshot_append_texture(snapshot, texture.paintable, &bounds)
        gtk_snapshot_pop(snapshot)
        gtk_snapshot_pop(snapshot)
    }

    /// Draws `texture` turned clockwise by `quarterTurns` quarter turns so that, turned, it
    /// fills the rectangle (x, y, width, height): for an odd number of turns the texture's
    /// own width runs along the rectangle's height.
    public func drawTexture(_ texture: Texture, x: Double, y: Double, width: Double, height: Double,
                            quarterTurns: Int) {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else {
            return drawTexture(texture, x: x, y: y, width: width, height: height, cornerRadius: 0, opacity: 1)
        }
        let (drawnWidth, drawnHeight) = turns % 2 == 0 ? (width, height) : (height, width)
        var centre = graphene_point_t(x: Float(x + width / 2), y: Float(y + height / 2))
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, Float(-drawnWidth / 2), Float(-drawnHeight / 2), Float(drawnWidth), Float(drawnHeight))
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &centre)
        gtk_snapshot_rotate(snapshot, Float(90 * turns))
        gtk_snapshot_append_texture(snapshot, texture.paintable, &bounds)
        gtk_snapshot_restore(snapshot)
    }
}
