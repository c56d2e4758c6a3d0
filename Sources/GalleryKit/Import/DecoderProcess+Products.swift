import DecoderKit
import Foundation

extension DecoderProcess {
    /// Decodes `input` scaled down to fit `box`×`box`, upright, in a confined decode child,
    /// and reads the pixels it wrote (`PixelsFile`). The viewer's way to show a photo large:
    /// its bytes are as untrusted as an import's, so they are decoded under the same sandbox
    /// and limits. Also returns the child's CPU time. `onTwoThreads`: a JPEG is decoded on two
    /// threads (`DecoderHelper.Request.onTwoThreads`), the second from `entryPoint` if given.
    func decodePixels(of input: String, fittingBox box: Int, onTwoThreads: Bool = false,
                      entryPoint: JPEGEntryPoint? = nil) throws(ImportFailureReason) -> (DecodedImage, cpuSeconds: Double) {
        let (image, _, cpuSeconds, _) = try decode(input, box: box, product: .pixels, onTwoThreads: onTwoThreads,
                                                   entryPoint: entryPoint) {
            Self.decodedImage($0, largestSide: box)
        }
        return (image, cpuSeconds)
    }

    /// The pixels of `region` of the upright photo at `input`, given in a picture of
    /// `size` (the photo's size when it was scanned; scaled if the file has another now),
    /// decoded and cut out in a confined decode child: a QR code's crop.
    func decodeRegion(_ region: PixelRect, of size: PixelSize, in input: String) throws(ImportFailureReason) -> DecodedImage {
        let box = max(size.width, size.height)
        return try decode(input, box: box, product: .crop(region, of: size)) { Self.decodedImage($0, largestSide: box) }.0
    }

    /// The QR codes zbar finds in `input` decoded to fit `box`×`box`, found in a confined
    /// decode child, with the upright full size the corners are to be scaled to, and the
    /// EXIF the same child read (the background scan's place, without another child).
    func scanQRCodes(of input: String, fittingBox box: Int) throws(ImportFailureReason)
        -> (QRCodesFile.Scan, fullSize: PixelSize, exif: ExifMetadata) {
        let (scan, fullSize, _, exif) = try decode(input, box: box, product: .qrCodes) { descriptor in
            // A few lines: at most `QRCodesFile.maxCodes` codes.
            FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
                .withUnsafeBytes { QRCodesFile.read(Array($0), largestSide: box) }
        }
        return (scan, fullSize, exif)
    }

    /// What the EXIF of `input` says, read by a confined decode child that decodes nothing
    /// (`--exif-only`): the details view's camera, and the date or place of a photo already
    /// in the library.
    func readExif(of input: String) throws(ImportFailureReason) -> ExifMetadata {
        // Nothing is written: the server opens /dev/null as the output the child never uses.
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: 1, product: .exif, fullSize: nil, input: input, output: "/dev/null")
        let finished = try run(request.arguments)
        let first = finished.output.split(separator: "\n", omittingEmptySubsequences: true).first
        guard finished.ending == .exited(0), !finished.timedOut, first == "ok exif" else {
            // A "fail" line (the file is gone or unreadable) says why; anything else is no answer.
            _ = try interpret(finished, input: input)
            throw Self.unreadableAnswer
        }
        return try Self.exif(finished)
    }

    /// Writes the photo at `input` as the user sees it, turned `quarterTurns` clockwise, to
    /// `output` (a file the caller made and renames or removes), in a confined decode child
    /// (`AsSeenWriter`: a JPEG keeps its bytes with the EXIF orientation rewritten, anything
    /// else becomes a PNG). Returns which it wrote.
    func writeAsSeen(_ input: String, turnedBy quarterTurns: Int, to output: String) throws(ImportFailureReason) -> AsSeenWriter.Written {
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: 1, product: .asSeen(quarterTurns: quarterTurns), maxPixels: limits.maxPixels,
                                            fullSize: nil, input: input, output: output)
        let finished = try run(request.arguments)
        let answer = "ok as-seen "
        if finished.ending == .exited(0), !finished.timedOut,
           let first = finished.output.split(separator: "\n", omittingEmptySubsequences: true).first, first.hasPrefix(answer),
           let written = AsSeenWriter.Written(rawValue: String(first.dropFirst(answer.count))) {
            return written
        }
        // A "fail" line says why; anything else is no answer.
        _ = try interpret(finished, input: input)
        throw Self.unreadableAnswer
    }

    /// Runs one decode whose product Drover reads back with `read` (nil: not in its form),
    /// from a private scratch file that is gone again when this returns: what was read, the
    /// upright full size, the child's CPU, and the EXIF the child read.
    private func decode<Product>(_ input: String, box: Int, product: DecoderHelper.Request.Product, onTwoThreads: Bool = false,
                                 entryPoint: JPEGEntryPoint? = nil, read: (Int32) -> Product?) throws(ImportFailureReason)
        -> (Product, fullSize: PixelSize, cpuSeconds: Double, exif: ExifMetadata) {
        // The rule an import applies first, by content (the first bytes, read in Swift): a
        // file that is no image, or in a format Drover does not take, is said to be so.
        switch ImportContentRule.decide(path: Array(input.utf8)) {
        case .success(.take): break
        case .success(.notAnImage): throw .notAnImage
        case .success(.unsupported(let name)): throw .unsupportedFormat(name)
        case .failure(let failure):
            throw failure.code == ENOENT ? .vanished : .unreadable(detail: String(cString: strerror(failure.code)))
        }
        let scratch = try Self.makeScratchFile()
        defer { unlink(scratch) }
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: box, product: product, maxPixels: limits.maxPixels, fullSize: nil,
                                            onTwoThreads: onTwoThreads, entryPoint: entryPoint, input: input, output: scratch)
        let finished = try run(request.arguments)
        let fullSize = try interpret(finished, input: input)
        let exif = try Self.exif(finished)
        let descriptor = open(scratch, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unreadableAnswer }
        defer { close(descriptor) }
        guard let made = read(descriptor) else { throw Self.unreadableAnswer }
        return (made, fullSize, finished.cpuSeconds, exif)
    }

    private static func decodedImage(_ descriptor: Int32, largestSide: Int) -> DecodedImage? {
        PixelsFile.read(descriptor: descriptor, largestSide: largestSide).map {
            DecodedImage(width: $0.width, height: $0.height, rowStride: $0.rowStride, hasAlpha: $0.hasAlpha, pixels: $0.pixels)
        }
    }

    /// A new empty file, readable by this user only, in Drover's scratch folder (memory, not
    /// disk, on a systemd system). Made with mkstemp, so no other user's file or link can
    /// stand in its place when the decoder server opens it.
    private static func makeScratchFile() throws(ImportFailureReason) -> String {
        let folder = ScratchFolder.path
        var template = Array(((folder as NSString).appendingPathComponent("pixels-\(getpid())-XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOSPC || code == EDQUOT ? .diskFull : .writeFailed(detail: String(cString: strerror(code)))
        }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// `$XDG_RUNTIME_DIR/drover-scratch` (else the temporary folder's), made by Drover, mode 0700:
/// the decode children's outputs that Drover reads back. A file stays behind only when its
/// Drover was killed during a decode; the first scratch file of each run removes those, and
/// only those: the folder is Drover's, and a file's name carries the process that made it
/// (`pixels-PID-XXXXXX`), which must be gone.
enum ScratchFolder {
    static let path: String = {
        let base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { access($0, W_OK) == 0 ? $0 : nil }
            ?? NSTemporaryDirectory()
        let folder = (base as NSString).appendingPathComponent("drover-scratch")
        mkdir(folder, 0o700)
        guard isPrivate(folder) else {
            // Someone else's folder by that name (a shared temporary folder): a folder of
            // this run's own instead, which nobody else can put a link into.
            var template = Array(((base as NSString).appendingPathComponent("drover-scratch-XXXXXX")).utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            return made.map { String(cString: $0) } ?? base
        }
        removeLeftovers(in: folder)
        return folder
    }()

    /// A real folder (not a link) of this user's that nobody else may write into.
    static func isPrivate(_ folder: String) -> Bool {
        var info = stat()
        return lstat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
            && info.st_mode & 0o077 == 0
    }

    /// Removes what a Drover that is gone left: only regular files of this user's named as
    /// `makeScratchFile` names them (`pixels-PID-` and mkstemp's six characters).
    static func removeLeftovers(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == "pixels", parts[2].count == 6, let pid = Int32(parts[1]), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else { continue }
            unlink(path)
        }
    }
}
