import CGtk
import Localization

/// A file GIO opens by its address: `http` and `https` through GVfs (the `gvfs-backends`
/// package), the way a GNOME application reads the web without a network library of its own.
@MainActor
public enum RemoteFile {
    /// Opens the file at `uri` for reading; read it with `InputStreamReader`, whose reads
    /// Swift task cancellation cancels (`CancellationError`). The server has answered by the
    /// time this returns; a failure is a `RemoteFileError`.
    public static func open(uri: String) async throws -> InputStreamReader {
        let file = SendableOpaque(g_file_new_for_uri(uri))
        defer { g_object_unref(UnsafeMutableRawPointer(file.value)) }
        do {
            let stream: SendablePointer<GFileInputStream> = try await awaitGAsync({ cancellable, callback, data in
                g_file_read_async(file.value, G_PRIORITY_DEFAULT, cancellable, callback, data)
            }, finish: { result in
                let stream = try GLibError.check { g_file_read_finish(file.value, result, $0) }
                guard let stream else { throw GLibError.message(tr("The server sent nothing")) }
                return SendablePointer(stream)
            })
            return InputStreamReader(taking: UnsafeMutableRawPointer(stream.value).assumingMemoryBound(to: GInputStream.self))
        } catch let error as GLibError {
            throw RemoteFileError(error)
        }
    }
}

/// Why a remote file could not be opened, in words for people.
public enum RemoteFileError: Error, Equatable, CustomStringConvertible {
    /// GIO cannot read this kind of address here (GVfs's HTTP backend is not installed).
    case unsupported
    /// The server answered that there is no such file (HTTP 404).
    case notFound
    /// The server refused (HTTP 401 or 403).
    case refused
    case failed(String)

    init(_ error: GLibError) {
        guard error.domain == g_io_error_quark() else { self = .failed(error.message); return }
        switch error.code {
        case Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue): self = .unsupported
        case Int32(G_IO_ERROR_NOT_FOUND.rawValue): self = .notFound
        case Int32(G_IO_ERROR_PERMISSION_DENIED.rawValue): self = .refused
        default: self = .failed(error.message)
        }
    }

    public var description: String {
        switch self {
        case .unsupported: tr("This computer cannot download from the web (GVfs's HTTP support is not installed).")
        case .notFound: tr("The server answered 404: there is no such file.")
        case .refused: tr("The server refused to send the file (401 or 403).")
        case .failed(let message): tr("The download failed: {message}.", ["message": message])
        }
    }
}
