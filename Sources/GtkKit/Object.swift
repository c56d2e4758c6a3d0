import CGtk

/// A Swift owner of one reference to a GObject.
///
/// Every wrapper holds exactly one strong reference and drops it in `deinit`.
/// How that reference is obtained depends on what the C function returned,
/// which is why the initialiser asks for it explicitly.
@MainActor
open class Object {
    /// How a wrapper comes to own its reference.
    public enum Ownership: Sendable {
        /// The caller already owns a full reference (a `_new` that is not floating,
        /// `g_object_ref`'d pointers, most `_dup` getters). The wrapper takes it over.
        case take
        /// The pointer is borrowed (a `_get` getter): the wrapper adds a reference.
        case borrow
        /// The object may be floating (`gtk_label_new` and most widget
        /// constructors) or owned by GTK (`gtk_window_new`): the wrapper sinks the
        /// floating reference or, for a non-floating object, adds its own.
        case sink
    }

    /// The wrapped `GObject *`.
    // nonisolated(unsafe): the pointer never changes, and equality and hashing
    // need it outside the main actor. Using the object is still main-actor only.
    public nonisolated(unsafe) let rawPointer: UnsafeMutableRawPointer

    public init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        rawPointer = pointer
        switch ownership {
        case .take: break
        case .borrow: g_object_ref(pointer)
        case .sink: g_object_ref_sink(pointer)
        }
    }

    isolated deinit {
        g_object_unref(rawPointer)
    }

    /// The pointer as a typed C pointer, for calls the wrappers do not cover.
    public func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        rawPointer.assumingMemoryBound(to: T.self)
    }

    public var gobject: UnsafeMutablePointer<GObject> { pointer() }

    /// The GType name, for diagnostics.
    public var typeName: String {
        String(cString: g_type_name_from_instance(rawPointer.assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// The object's current reference count, for lifetime tests and diagnostics.
    public var referenceCount: UInt32 {
        gobject.pointee.ref_count
    }
}

extension Object: Hashable {
    public nonisolated static func == (lhs: Object, rhs: Object) -> Bool { lhs.rawPointer == rhs.rawPointer }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(rawPointer) }
}
