import CDrover
import CGtk
import Foundation
import Localization

/// A `GdkDrop`: one drag over a target, from this app or another.
@MainActor
public final class Drop: Object {
    public init(borrowing pointer: OpaquePointer) {
        super.init(UnsafeMutableRawPointer(pointer), ownership: .borrow)
    }
    public var drop: OpaquePointer { OpaquePointer(rawPointer) }

    /// The MIME types the source offers.
    public var mimeTypes: [String] { ContentFormats.mimeTypes(of: gdk_drop_get_formats(drop)) }
    public func offers(_ type: GType) -> Bool { gdk_content_formats_contain_gtype(gdk_drop_get_formats(drop), type) != 0 }
    public func offers(mimeType: String) -> Bool { gdk_content_formats_contain_mime_type(gdk_drop_get_formats(drop), mimeType) != 0 }

    /// The actions the source allows.
    public var actions: GdkDragAction { gdk_drop_get_actions(drop) }

    /// The source's drag when it comes from this process, else nil.
    public var localDrag: OpaquePointer? { gdk_drop_get_drag(drop) }

    /// Tells the source the drop is over, with the action performed (0 for none).
    public func finish(_ action: GdkDragAction) { gdk_drop_finish(drop, action) }

    /// Stops GDK following the source's offered actions, once the user has let go.
    ///
    /// GDK 4.8 on X11 watches a foreign source window's `XdndActionList` for as long as
    /// the drop object lives, and sets the drop's actions whenever it changes; but it
    /// refuses that once the drop has been performed, printing
    /// `gdk_drop_set_actions: assertion 'priv->state == GDK_DROP_STATE_NONE' failed`.
    /// Sources do change it after a drop (Chromium at once, while Drover reads the drop;
    /// GTK 3 applications when their next drag begins, as the old drop is only released
    /// when that drag enters). After the drop its actions decide nothing, so the watch
    /// goes: the only handler on the display carrying the drop as its data is that one
    /// (GDK's reads of the drop carry their stream).
    fileprivate func stopFollowingSourceActions() {
        guard let display = gdk_drop_get_display(drop) else { return }
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(display), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                             UnsafeMutableRawPointer(drop))
    }

    /// Reads a file list as URLs from `mimeType` alone, which the source must offer (see
    /// DragKit's `FileListFormat`), through GTK's reader for that type (the document
    /// portal's asks the portal for the files).
    public func readFiles(as mimeType: String) async throws -> [URL] {
        let (stream, _) = try await openGStream(mimeTypes: [mimeType])
        return try await FileListStream.urls(reading: stream, as: mimeType)
    }

    /// Reads text (any text type GTK can convert).
    public func readText() async throws -> String {
        let drop = SendableOpaque(drop)
        return try await awaitGAsync({ cancellable, callback, data in
            gdk_drop_read_value_async(drop.value, drover_type_string(), G_PRIORITY_DEFAULT, cancellable, callback, data)
        }, finish: { result in
            let value = try GLibError.check { gdk_drop_read_value_finish(drop.value, result, $0) }
            guard let value, let text = drover_value_dup_string(value) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        })
    }

    /// Opens a stream of the first of `mimeTypes` the source offers; returns
    /// the stream and the chosen type. Read it with `InputStreamReader`.
    public func openStream(mimeTypes: [String]) async throws -> (InputStreamReader, String) {
        let (stream, chosen) = try await openGStream(mimeTypes: mimeTypes)
        return (InputStreamReader(taking: stream.value), chosen)
    }

    /// The stream of the first of `mimeTypes` the source offers, owned by the caller, and that type.
    private func openGStream(mimeTypes: [String]) async throws -> (SendablePointer<GInputStream>, String) {
        let drop = SendableOpaque(drop)
        let types = mimeTypes
        return try await awaitGAsync({ cancellable, callback, data in
            withCStrings(types) { gdk_drop_read_async(drop.value, $0, G_PRIORITY_DEFAULT, cancellable, callback, data) }
        }, finish: { result in
            var chosen: UnsafePointer<CChar>?
            let stream = try GLibError.check { gdk_drop_read_finish(drop.value, result, &chosen, $0) }
            guard let stream else { throw GLibError.message(tr("The other application sent no data")) }
            return (SendablePointer(stream), chosen.map { String(cString: $0) } ?? types.first ?? "")
        })
    }
}

/// A `GInputStream` read to the end in chunks, without blocking, reporting progress.
@MainActor
public final class InputStreamReader {
    private let stream: SendablePointer<GInputStream>

    init(taking stream: UnsafeMutablePointer<GInputStream>) { self.stream = SendablePointer(stream) }
    isolated deinit { g_object_unref(stream.value) }

    /// Reads everything; `progress` gets the byte count so far after each chunk.
    /// Fails past `limit` bytes, so a hostile source cannot fill memory. `inspect`
    /// sees the data once, as soon as it holds `headerSize` bytes (or all of it, if
    /// less), so a reader can tell early what it is getting, and refuse it by throwing.
    public func readAll(limit: Int, headerSize: Int = 0, inspect: (Data) throws -> Void = { _ in },
                        progress: (Int) -> Void) async throws -> Data {
        var data = Data()
        var inspected = false
        let stream = self.stream
        while true {
            let chunk: Data = try await awaitGAsync({ cancellable, callback, userData in
                g_input_stream_read_bytes_async(stream.value, 64 * 1024, G_PRIORITY_DEFAULT, cancellable, callback, userData)
            }, finish: { result in
                let bytes = try GLibError.check { g_input_stream_read_bytes_finish(stream.value, result, $0) }
                guard let bytes else { return Data() }
                defer { g_bytes_unref(bytes) }
                var size: gsize = 0
                let base = g_bytes_get_data(bytes, &size)
                return base.map { Data(bytes: $0, count: Int(size)) } ?? Data()
            })
            if chunk.isEmpty {
                if !inspected { try inspect(data) }
                return data
            }
            data.append(chunk)
            if !inspected, data.count >= headerSize {
                inspected = true
                try inspect(data)
            }
            if data.count > limit { throw GLibError.message(tr("The data is larger than {megabytes} MB", ["megabytes": limit / 1_000_000])) }
            progress(data.count)
        }
    }
}

/// A C pointer carried across an `await`; only dereferenced on the main thread.
struct SendablePointer<T>: @unchecked Sendable {
    let value: UnsafeMutablePointer<T>
    init(_ value: UnsafeMutablePointer<T>) { self.value = value }
}

/// An opaque C pointer carried across an `await`; only used on the main thread.
struct SendableOpaque: @unchecked Sendable {
    let value: OpaquePointer
    init(_ value: OpaquePointer) { self.value = value }
}

func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

typealias DropAcceptHandler = @MainActor (gpointer?) -> Bool
typealias DropMotionHandler = @MainActor (gpointer?, Double, Double) -> GdkDragAction
typealias DropHandler = @MainActor (gpointer?, Double, Double) -> Bool

/// A `GtkDropTargetAsync`: the target reads the data itself, when and how it
/// wants (files, bytes with progress, text), and finishes the drop itself.
@MainActor
public final class DropTargetAsync: EventController {
    public init(mimeTypes: [String], valueTypes: [GType], actions: GdkDragAction) {
        let formats = ContentFormats.make(valueTypes: valueTypes, mimeTypes: mimeTypes)
        super.init(taking: UnsafeMutableRawPointer(gtk_drop_target_async_new(formats, actions)))
    }

    /// Whether to consider this drag at all.
    @discardableResult
    public func onAccept(_ handler: @escaping @MainActor (Drop) -> Bool) -> SignalConnection {
        let body: DropAcceptHandler = { drop in handler(Drop(borrowing: OpaquePointer(drop!))) }
        return connectSignal("accept", trampoline: gcallback(acceptTrampoline), body: body)
    }
    /// Returns the action a drop here would perform (0 to refuse), on entering.
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor (Drop, Double, Double) -> GdkDragAction) -> SignalConnection {
        let body: DropMotionHandler = { drop, x, y in handler(Drop(borrowing: OpaquePointer(drop!)), x, y) }
        return connectSignal("drag-enter", trampoline: gcallback(dropMotionTrampoline), body: body)
    }
    /// Returns the action a drop here would perform (0 to refuse), on every motion.
    @discardableResult
    public func onMotion(_ handler: @escaping @MainActor (Drop, Double, Double) -> GdkDragAction) -> SignalConnection {
        let body: DropMotionHandler = { drop, x, y in handler(Drop(borrowing: OpaquePointer(drop!)), x, y) }
        return connectSignal("drag-motion", trampoline: gcallback(dropMotionTrampoline), body: body)
    }
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor (Drop) -> Void) -> SignalConnection {
        let body: PointerHandler = { drop in handler(Drop(borrowing: OpaquePointer(drop!))) }
        return connectSignal("drag-leave", trampoline: gcallback(dropLeaveTrampoline), body: body)
    }
    /// Return `true` to take the drop; you must then call `Drop.finish` (later is fine).
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (Drop, Double, Double) -> Bool) -> SignalConnection {
        let body: DropHandler = { pointer, x, y in
            let drop = Drop(borrowing: OpaquePointer(pointer!))
            drop.stopFollowingSourceActions()
            return handler(drop, x, y)
        }
        return connectSignal("drop", trampoline: gcallback(dropTrampoline), body: body)
    }
}

// gboolean (*)(GtkDropTargetAsync *, GdkDrop *, gpointer)
private let acceptTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, drop, data in
    let box = SignalHandlerBox<DropAcceptHandler>.from(data)
    nonisolated(unsafe) let drop = drop
    return MainActor.assumeIsolated { box.body(drop) } ? 1 : 0
}

// GdkDragAction (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)
private let dropMotionTrampoline: @convention(c) (gpointer?, gpointer?, Double, Double, gpointer?) -> GdkDragAction = { _, drop, x, y, data in
    let box = SignalHandlerBox<DropMotionHandler>.from(data)
    nonisolated(unsafe) let drop = drop
    return MainActor.assumeIsolated { box.body(drop, x, y) }
}

// void (*)(GtkDropTargetAsync *, GdkDrop *, gpointer)
private let dropLeaveTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, drop, data in
    let box = SignalHandlerBox<PointerHandler>.from(data)
    nonisolated(unsafe) let drop = drop
    MainActor.assumeIsolated { box.body(drop) }
}

// gboolean (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)
private let dropTrampoline: @convention(c) (gpointer?, gpointer?, Double, Double, gpointer?) -> gboolean = { _, drop, x, y, data in
    let box = SignalHandlerBox<DropHandler>.from(data)
    nonisolated(unsafe) let drop = drop
    return MainActor.assumeIsolated { box.body(drop, x, y) } ? 1 : 0
}

/// A `GtkDropControllerMotion`: follows drags over a widget without taking
/// drops (hover effects, spring loading).
@MainActor
public final class DropMotionController: EventController {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_drop_controller_motion_new())) }
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectSignal("enter", trampoline: gcallback(pointTrampoline), body: handler as PointHandler)
    }
    @discardableResult
    public func onMotion(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectSignal("motion", trampoline: gcallback(pointTrampoline), body: handler as PointHandler)
    }
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("leave", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}
