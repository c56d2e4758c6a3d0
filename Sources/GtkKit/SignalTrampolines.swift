import CGtk

// One C trampoline per signal signature GtkKit connects. The return type
// matters to GLib's marshaller, so every signature gets its own function:
// `void`, `gboolean` (close-request, drag-cancel, drop, key-pressed) and
// `GdkDragAction` (drop target enter/motion).

typealias VoidHandler = @MainActor () -> Void
typealias BoolHandler = @MainActor () -> Bool
typealias PointHandler = @MainActor (Double, Double) -> Void
typealias PressHandler = @MainActor (Int, Double, Double) -> Void
typealias KeyHandler = @MainActor (UInt32, GdkModifierType) -> Bool
typealias PointerHandler = @MainActor (gpointer?) -> Void
typealias ScrollHandler = @MainActor (Double, Double) -> Bool

func gcallback<F>(_ function: F) -> GCallback {
    unsafeBitCast(function, to: GCallback.self)
}

// void (*)(GObject *, gpointer)
let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let box = SignalHandlerBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { box.body() }
}

// gboolean (*)(GObject *, gpointer)
let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let box = SignalHandlerBox<BoolHandler>.from(data)
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
}

// void (*)(GObject *, gpointer argument, gpointer): notify::, row-activated, drag-begin
let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let box = SignalHandlerBox<PointerHandler>.from(data)
    nonisolated(unsafe) let argument = argument
    MainActor.assumeIsolated { box.body(argument) }
}

// void (*)(GObject *, double x, double y, gpointer): drag-begin of gestures, motion controllers
let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    let box = SignalHandlerBox<PointHandler>.from(data)
    MainActor.assumeIsolated { box.body(x, y) }
}

// void (*)(GtkGestureClick *, int n_press, double x, double y, gpointer)
let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    let box = SignalHandlerBox<PressHandler>.from(data)
    MainActor.assumeIsolated { box.body(Int(count), x, y) }
}

// gboolean (*)(GtkEventControllerScroll *, double dx, double dy, gpointer)
let scrollTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    let box = SignalHandlerBox<ScrollHandler>.from(data)
    return MainActor.assumeIsolated { box.body(dx, dy) } ? 1 : 0
}

// gboolean (*)(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType, gpointer)
let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, state, data in
    let box = SignalHandlerBox<KeyHandler>.from(data)
    return MainActor.assumeIsolated { box.body(keyval, state) } ? 1 : 0
}

