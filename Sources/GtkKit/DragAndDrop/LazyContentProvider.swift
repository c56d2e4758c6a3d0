import CDrover
import CGtk
import Foundation

extension ContentProvider {
    /// Produces the bytes for one MIME type; may be slow, runs as a task.
    public typealias Writer = @MainActor (_ mimeType: String) async throws -> Data
    /// The files to offer as a `GdkFileList`, read when a target asks.
    public typealias FileLister = @MainActor () -> [URL]
    /// Makes the files the lister lists, before a target reads the list.
    public typealias FileMaker = @MainActor () async -> Void

    /// A provider whose data is made when a target asks for it, not when the drag starts.
    /// Drover's drags use it so that a drop receives the items the drag holds at that moment
    /// (items can join mid-drag), and so slow representations are only produced for targets
    /// that want them. The formats are fixed here: GTK announces them when the drag starts.
    ///
    /// - Parameters:
    ///   - mimeTypes: the byte formats `write` can produce, in order of preference.
    ///   - files: when given, the provider also offers a `GdkFileList` (and so
    ///     `text/uri-list`), listed first because file managers want files.
    ///   - makeFiles: when given, runs before another application reads the file list in
    ///     any form (text/uri-list, the portal's), so its files are made only when a
    ///     target asks, and off the main thread. (A read of the list as a value in this
    ///     process gets what `files` lists then.)
    public static func lazy(mimeTypes: [String], files: FileLister?, makeFiles: FileMaker? = nil,
                            write: @escaping Writer) -> ContentProvider {
        // The C provider adds what GTK serialises the file list to (text/uri-list) for other processes.
        let formats = ContentFormats.make(valueTypes: files == nil ? [] : [TransferType.fileList], mimeTypes: mimeTypes)
        defer { gdk_content_formats_unref(formats) }
        let box = Unmanaged.passRetained(LazyContentBox(files: files, makeFiles: files == nil ? nil : makeFiles,
                                                        ownMimeTypes: Set(mimeTypes), write: write)).toOpaque()
        let provider = drover_content_provider_new(formats, lazyWrite, lazyGetValue, box, releaseLazyBox)!
        if files != nil, makeFiles != nil { drover_content_provider_set_prepares_values(provider, 1) }
        return ContentProvider(taking: provider)
    }
}

private final class LazyContentBox: @unchecked Sendable {
    // Only used on the main thread: GTK asks providers for data there.
    let files: ContentProvider.FileLister?
    let makeFiles: ContentProvider.FileMaker?
    let ownMimeTypes: Set<String>
    let write: ContentProvider.Writer
    init(files: ContentProvider.FileLister?, makeFiles: ContentProvider.FileMaker?, ownMimeTypes: Set<String>,
         write: @escaping ContentProvider.Writer) {
        self.files = files
        self.makeFiles = makeFiles
        self.ownMimeTypes = ownMimeTypes
        self.write = write
    }
}

/// Owns a GTask and a stream while Swift produces and writes the bytes.
private struct WriteRequest: @unchecked Sendable {
    let task: OpaquePointer
    let stream: UnsafeMutablePointer<GOutputStream>
    let cancellable: UnsafeMutablePointer<GCancellable>?
}

private let lazyWrite: DroverContentWrite = { provider, mimeType, stream, cancellable, task, data in
    let box = Unmanaged<LazyContentBox>.fromOpaque(data!).takeUnretainedValue()
    let mime = String(cString: mimeType!)
    g_object_ref(stream)
    let request = WriteRequest(task: task!, stream: stream!, cancellable: cancellable)
    nonisolated(unsafe) let provider = provider!
    MainActor.assumeIsolated {
        if let makeFiles = box.makeFiles, !box.ownMimeTypes.contains(mime) {
            // A type the file list makes (text/uri-list): the files first, then GTK's own
            // serialiser writes the list.
            _ = Task { @MainActor in
                await makeFiles()
                drover_content_provider_write_value(provider, mime, request.stream, request.cancellable, request.task)
                g_object_unref(request.stream)
            }
            return
        }
        // Otherwise, types only the file list makes never get here: the C side
        // serialises the file list with GTK's own serialisers.
        _ = Task { @MainActor in
            var failure: String?
            do {
                try await write(try await box.write(mime), to: request)
            } catch {
                failure = (error as? GLibError)?.message ?? String(describing: error)
            }
            g_object_unref(request.stream)
            drover_content_provider_finish_write(request.task, failure)
        }
    }
}

/// Writes all of `data` to the request's stream without blocking the main thread.
@MainActor
private func write(_ data: Data, to request: WriteRequest) async throws {
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    let stream = request.stream
    nonisolated(unsafe) let sendableBytes = bytes
    _ = try await awaitGAsync({ cancellable, callback, userData in
        var size: gsize = 0
        let base = g_bytes_get_data(sendableBytes, &size)
        g_output_stream_write_all_async(stream, base, size, G_PRIORITY_DEFAULT, cancellable, callback, userData)
    }, finish: { result in
        try GLibError.check { g_output_stream_write_all_finish(stream, result, nil, $0) }
    })
}

private let lazyGetValue: DroverContentGetValue = { _, value, data in
    let box = Unmanaged<LazyContentBox>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let value = value
    return MainActor.assumeIsolated {
        guard let value, let files = box.files, value.pointee.g_type == TransferType.fileList else { return 0 }
        withURIs(files()) { drover_value_set_file_list(value, $0) }
        return 1
    }
}

private let releaseLazyBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<LazyContentBox>.fromOpaque(data).release()
}
