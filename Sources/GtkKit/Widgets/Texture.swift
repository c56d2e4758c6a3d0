import CGtk

/// A `GdkTexture`: immutable pixels the GPU or cairo can draw.
@MainActor
public final class Texture: Object {
    /// Wraps tightly described RGB(A) 8-bit pixels. Copies them once into GBytes.
    public init(width: Int, height: Int, rowStride: Int, hasAlpha: Bool, pixels: [UInt8]) {
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let format = hasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), format, bytes, gsize(rowStride))
        g_bytes_unref(bytes)
        super.init(UnsafeMutableRawPointer(texture!), ownership: .take)
    }

    /// Wraps a texture made off the main thread (`PreparedTexture`): nothing copied here.
    public init(_ prepared: PreparedTexture) {
        super.init(UnsafeMutableRawPointer(prepared.pointer), ownership: .borrow)
    }

    public var paintable: OpaquePointer { OpaquePointer(rawPointer) }
    public var width: Int { Int(gdk_texture_get_width(OpaquePointer(rawPointer))) }
    public var height: Int { Int(gdk_texture_get_height(OpaquePointer(rawPointer))) }
}
