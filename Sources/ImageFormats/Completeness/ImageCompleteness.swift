import Foundation

/// The verdict of a completeness check.
public enum Completeness: Equatable, Sendable {
    /// The structure parses to its end: every part it declares is inside the file.
    case complete
    /// The file ends early or its structure is broken; the reason says where, for a person.
    case incomplete(reason: String)
    /// This format has no structural check here: the decoder's verdict stands alone.
    case notChecked
    /// The file could not be read while it was checked (an I/O error).
    case unreadable(detail: String)
}

/// Whether an image file is whole, decided by parsing its structure, never by searching
/// for marker bytes (a text chunk may hold any bytes). gdk-pixbuf decodes a cut-off PNG,
/// JPEG, BMP or WebP without an error and paints the missing part grey, so import checks
/// the structure before it accepts a file. Bytes after a complete image (a motion photo's
/// video, padding) are allowed. The checks read only headers and, for JPEG, the scan
/// data up to its end marker, so they cost little memory whatever the file's size.
public enum ImageCompleteness {
    /// Checks raw bytes of a known format. The entry point for tests and the fuzzer.
    public static func check(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> Completeness {
        check(ImageBytes(bytes), format: format)
    }

    /// Checks raw bytes, identifying the format from its signature.
    public static func check(_ bytes: UnsafeRawBufferPointer) -> Completeness {
        let source = ImageBytes(bytes)
        guard let format = ImageFormat.sniff(source) else { return .notChecked }
        return check(source, format: format)
    }

    /// Checks an open file read-only, through `pread` in small windows (see `ImageBytes`).
    /// The format comes from the file's own signature.
    package static func check(file: Int32) -> Completeness {
        var info = stat()
        guard fstat(file, &info) == 0 else { return .unreadable(detail: String(cString: strerror(errno))) }
        let source = ImageBytes(file: file, size: Int(info.st_size))
        let verdict = ImageFormat.sniff(source).map { check(source, format: $0) } ?? .notChecked
        if let code = source.readError { return .unreadable(detail: String(cString: strerror(code))) }
        return verdict
    }

    /// Checks the file at `path` (opened read-only).
    package static func check(path: String) -> Completeness {
        let file = ImageBytes.openForReading(path)
        guard file >= 0 else { return .unreadable(detail: String(cString: strerror(errno))) }
        defer { close(file) }
        return check(file: file)
    }

    package static func check(_ bytes: ImageBytes, format: ImageFormat) -> Completeness {
        switch format {
        case .png: PNGStructure.check(bytes)
        case .jpeg: JPEGStructure.check(bytes)
        case .gif: GIFStructure.check(bytes)
        case .bmp: BMPStructure.check(bytes)
        case .tiff: TIFFStructure.check(bytes)
        case .webp: WebPStructure.check(bytes)
        case .heic, .avif: ISOBoxStructure.check(bytes)
        case .jpegXL, .jpeg2000, .photoshop, .openEXR, .qoi: .notChecked
        }
    }
}
