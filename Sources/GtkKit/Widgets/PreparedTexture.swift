import CGtk

/// A `GdkMemoryTexture` made off the main thread, to be wrapped in a `Texture` on it.
///
/// A memory texture is immutable and GObject's reference counts are atomic, so making one
/// on another thread is safe; `Texture(width:height:…)` copies the pixels on the main
/// thread instead. (Converting them to cairo's premultiplied BGRA here as well was tried:
/// with GTK 4.8's cairo renderer the first draw then cost more main-thread CPU, not less.)
public final class PreparedTexture: @unchecked Sendable {
    /// One full reference, owned until `deinit` (a `Texture` takes its own).
    let pointer: OpaquePointer

    /// Copies 8-bit RGB or non-premultiplied RGBA rows into a texture. Call off the main thread.
    public init(width: Int, height: Int, rowStride: Int, hasAlpha: Bool, pixels: [UInt8]) {
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let format = hasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        pointer = gdk_memory_texture_new(Int32(width), Int32(height), format, bytes, gsize(rowStride))!
        g_bytes_unref(bytes)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
