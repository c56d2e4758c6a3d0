import DecoderKit
import Foundation

extension DecoderProcess {
    /// Decodes `input` scaled down to fit `box`×`box`, upright, in a confined decode child,
    /// and reads the pixels it wrote (`PixelsFile`) from a private scratch file, which is
    /// gone again when this returns. The viewer's way to show a photo large: its bytes are
    /// as untrusted as an import's, so they are decoded under the same sandbox and limits.
    func decodePixels(of input: String, fittingBox box: Int) throws(ImportFailureReason) -> (DecodedImage, cpuSeconds: Double) {
        let scratch = try Self.makeScratchFile()
        defer { unlink(scratch) }
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: box, pixels: true, maxPixels: limits.maxPixels, fullSize: nil,
                                            orientation: ExifOrientation.notAppliedByLoader(path: input),
                                            input: input, output: scratch)
        let finished = try run(request.arguments)
        _ = try interpret(finished, input: input)
        guard let bytes = FileManager.default.contents(atPath: scratch),
              let read = PixelsFile.read(Array(bytes), largestSide: box) else {
            throw .decoderFailed(detail: "its pixels were not in the form Drover reads")
        }
        let image = DecodedImage(width: read.width, height: read.height, rowStride: read.rowStride, hasAlpha: read.hasAlpha,
                                 pixels: read.pixels)
        return (image, finished.cpuSeconds)
    }

    /// A new empty file, readable by this user only, in the user's runtime folder (memory,
    /// not disk, on a systemd system) or else the temporary folder. Made with mkstemp, so no
    /// other user's file or link can stand in its place when the decoder server opens it.
    private static func makeScratchFile() throws(ImportFailureReason) -> String {
        let folder = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { access($0, W_OK) == 0 ? $0 : nil }
            ?? NSTemporaryDirectory()
        var template = Array(((folder as NSString).appendingPathComponent("drover-pixels-XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOSPC || code == EDQUOT ? .diskFull : .writeFailed(detail: String(cString: strerror(code)))
        }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
