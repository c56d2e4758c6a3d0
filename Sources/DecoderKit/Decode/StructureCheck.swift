import Foundation
import ImageFormats

/// The structure checks an image passes before it is decoded, run in the confined child
/// like the decode itself, so that Drover parses no byte of an untrusted image (issue 27):
/// - completeness (`ImageCompleteness`): gdk-pixbuf decodes a PNG, BMP or WebP cut off
///   partway without an error and paints the rest grey, so a file whose structure ends early
///   or is broken is refused before it is decoded;
/// - the TIFF variants gdk-pixbuf's loader would decode wrongly (`TIFFStructure`).
/// Both read through `pread` in small windows, so the descriptor's offset stays at the start
/// for the decode that follows.
enum StructureCheck {
    /// The child's "fail …" line for an image that must not be decoded, or nil to go on.
    static func refusal(descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "fail file \(String(cString: strerror(errno)))" }
        switch ImageCompleteness.check(file: descriptor) {
        case .complete, .notChecked: break
        case .incomplete(let reason): return "fail incomplete \(reason)"
        case .unreadable(let detail): return "fail file \(detail)"
        }
        let bytes = ImageBytes(file: descriptor, size: Int(info.st_size))
        if ImageFormat.sniff(bytes) == .tiff, let variant = TIFFStructure.unsupportedVariant(bytes) {
            return "fail unsupported \(variant)"
        }
        return nil
    }
}
