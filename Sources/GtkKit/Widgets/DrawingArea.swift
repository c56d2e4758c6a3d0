import CGtk

/// A `GtkDrawingArea` that draws with cairo through a Swift closure; for the
/// little custom shapes GTK widgets don't have (a progress ring).
@MainActor
public final class DrawingArea: Widget {
    public typealias Draw = @MainActor (_ cairo: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

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
    MainActor.assumeIsolated { box.body(cairo!, width, height) }
}

private let releaseDrawBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
