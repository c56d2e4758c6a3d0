import CGtk

/// A `GtkDrawingArea` that draws with cairo through a Swift closure; for the
/// little custom shapes GTK widgets don't have (a progress ring).
@MainActor
public final class DrawingArea: Widget {
    public typealias Draw = @MainActor (_ cairo: CairoContext, _ width: Int32, _ height: Int32) -> Void

    public init() {
        super.init(drover_widget_new_with_role(gtk_drawing_area_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION))
    }

    /// Sets the draw function; the area keeps the closure until it is replaced or finalized.
    public func setDraw(_ draw: @escaping Draw) {
        let box = Unmanaged.passRetained(SignalHandlerBox<Draw>(draw)).toOpaque()
        gtk_drawing_area_set_draw_func(pointer(), drawTrampoline, box, releaseDrawBox)
    }
}

private let drawTrampoline: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
    let box = SignalHandlerBox<DrawingArea.Draw>.from(data)
    nonisolated(unsafe) let cairo = cairo
    MainActor.assumeIsolated { box.body(CairoContext(cairo!), width, height) }
}

/// A cairo context being drawn with; valid only during a draw callback.
/// Only the few calls Drover draws with (strokes of arcs).
@MainActor
public struct CairoContext {
    let cairo: OpaquePointer
    init(_ cairo: OpaquePointer) { self.cairo = cairo }

    public func setLineWidth(_ width: Double) { cairo_set_line_width(cairo, width) }
    public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }
    /// Adds a circular arc around (`centreX`, `centreY`) from angle `start` to
    /// `end` (radians, clockwise from the positive x axis) to the path.
    public func arc(centreX: Double, centreY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(cairo, centreX, centreY, radius, start, end)
    }
    /// Strokes the path with the current source and line width, and clears it.
    public func stroke() { cairo_stroke(cairo) }
}

private let releaseDrawBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
