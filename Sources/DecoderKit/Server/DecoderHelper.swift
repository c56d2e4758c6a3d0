import CSystem
import Foundation

/// The `drover-decode` helper's whole program: it limits itself, decodes one image into
/// a thumbnail (a PNG, or a JPEG with `--format jpeg`), and says how that went on one line
/// of standard output, followed by what the image's EXIF says.
///
///     drover-decode --cpu-seconds N --memory-bytes M --box B [--format png|jpeg]
///                   [--pixels | --crop X Y W H OF_W OF_H | --qr | --exif-only | --as-seen TURNS]
///                   [--max-pixels P]
///                   [--full-size W H] [--two-threads] INPUT OUTPUT
///
/// With --max-pixels, an image whose header announces more than P pixels is refused
/// before it is decoded: the decompression-bomb check. With --two-threads, a JPEG is
/// decoded on two threads where that is quicker (`JPEGDecoder`): the viewer's photo on show.
/// What OUTPUT gets instead of a thumbnail (`Request.Product`): with --pixels, the decoded
/// pixels themselves (`PixelsFile`), how Drover's viewer shows a photo large without
/// decoding it in Drover; with --crop, the pixels of the region X Y W H of the picture at
/// OF_W×OF_H (scaled to the size it decodes at), a QR code cut out; with --qr, the QR codes
/// zbar finds in it (`QRCodesFile`); with --exif-only, nothing (nothing is decoded and
/// OUTPUT is not written: Drover names /dev/null); with --as-seen, the photo as the user
/// sees it, turned TURNS quarter turns clockwise (`AsSeenWriter`): a JPEG with its EXIF
/// orientation rewritten, or a PNG.
///
/// Every child reads the image's EXIF block (`ExifReader`, libexif) before it decodes: the
/// orientation of a PNG or WebP, whose gdk-pixbuf loaders leave it out, is applied from it,
/// and the date taken, GPS position, orientation and camera follow an "ok" line
/// (`ExifAnswer`), so Drover parses no byte of the image's EXIF itself and an import learns
/// them from the decode it runs anyway.
///
/// The limits are set before a single byte of INPUT is read, so no input can escape them:
/// past N s of CPU the kernel kills the process (SIGXCPU, then SIGKILL a second later),
/// an allocation past M bytes of address space fails, and no core file is written. Then
/// the process confines itself (`DecoderSandbox`: no_new_privs, Landlock, seccomp; the
/// namespaces are the server's): it reads INPUT and writes OUTPUT only through
/// descriptors opened before, and can open no file, socket or program.
/// Imports run it in a child forked by the decoder server (`DecoderServer`), which bounds
/// the wall-clock time and reports how the child ended; `DecoderProcess` turns the line or
/// that ending into an `ImportFailureReason`. Run as a program of its own, it does the same
/// for one image.
///
/// The line is one of:
///
///     ok W H                 the thumbnail is at OUTPUT; W×H is the upright full size
///     ok exif                --exif-only: the EXIF lines follow
///     ok as-seen jpeg|png    --as-seen: OUTPUT holds the turned copy, of this type
///     fail file MESSAGE      INPUT could not be opened or read
///     fail decode MESSAGE    INPUT does not decode
///     fail damaged KIND MESSAGE  INPUT decodes only with pixels made up: its data ends
///                            early (KIND "early") or is corrupt ("corrupt"); `ImageDamage`
///     fail memory MESSAGE    the decoder could not get memory within M bytes
///     fail pixels W H        the header announces W×H pixels, more than P
///     fail write ERRNO MESSAGE  OUTPUT could not be written
///     fail usage MESSAGE     the arguments are wrong (a bug in Drover, not the image)
public enum DecoderHelper {
    /// Runs the helper with its arguments (without the program name). Returns the exit
    /// status: 0 after "ok", 1 after "fail".
    public static func main(arguments: [String]) -> Int32 {
        let request: Request
        do {
            request = try Request(parsing: arguments)
        } catch {
            return report("fail usage \(error.message)")
        }
        // First, before the image is touched. A limit that cannot be set is a refusal:
        // decoding without it is exactly what the helper exists to prevent.
        if let failure = request.limitSelf() { return report("fail usage \(failure)") }
        // Run alone, it does what the server and its child do between them: the namespaces
        // while single-threaded, the files opened and every loader loaded before the filter.
        let namespaces = DecoderSandbox.enterNamespaces()
        let image = open(request.input, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard image >= 0 else { return report("fail file \(String(cString: strerror(errno)))") }
        let thumbnail = open(request.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o666)
        guard thumbnail >= 0 else { return report("fail write \(errno) \(String(cString: strerror(errno)))") }
        DecoderServer.loadDecoders()
        return decode(request, image: image, thumbnail: thumbnail, sandbox: DecoderSandbox.prepare(namespaces: namespaces))
    }

    /// A decode child of the server: the image is open on descriptor 3, its thumbnail's file
    /// on 4 (`DecoderServer` opened both); `sandbox` is the server's namespaces and filter.
    static func child(arguments: [String], sandbox: DecoderSandbox.Prepared) -> Int32 {
        let request: Request
        do {
            request = try Request(parsing: arguments)
        } catch {
            return report("fail usage \(error.message)")
        }
        if let failure = request.limitSelf() { return report("fail usage \(failure)") }
        return decode(request, image: 3, thumbnail: 4, sandbox: sandbox)
    }

    /// Confines this process, then decodes: nothing of the image is read before the filter.
    private static func decode(_ request: Request, image: Int32, thumbnail: Int32, sandbox: DecoderSandbox.Prepared) -> Int32 {
        // If Drover goes, its decoders go with it (nobody would read their answer).
        _ = drover_die_with_parent()
        // The O_NONBLOCK of its opening (so that a FIFO never blocks the opener) is gone now.
        _ = fcntl(image, F_SETFL, fcntl(image, F_GETFL) & ~O_NONBLOCK)
        if case .failure(let error) = DecoderSandbox.confineSelf(sandbox) {
            return report("fail usage \(error.message)")
        }
        // Before the decode, with pread: the loader then reads the descriptor from its start.
        let exif = ExifReader.read(descriptor: image)
        if request.product == .exif {
            close(image)
            close(thumbnail)
            return report("ok exif", exif: exif.metadata)
        }
        if case .asSeen(let turns) = request.product {
            do {
                let written = try AsSeenWriter.write(descriptor: image, quarterTurns: turns, maxPixels: request.maxPixels,
                                                     orientation: exif.orientationNotAppliedByLoader, to: thumbnail)
                return report("ok as-seen \(written.rawValue)")
            } catch {
                return report(failureLine(error))
            }
        }
        if let refusal = StructureCheck.refusal(descriptor: image) {
            close(image)
            close(thumbnail)
            return report(refusal)
        }
        do {
            let size = try ThumbnailRenderer.render(descriptor: image, box: request.box, maxPixels: request.maxPixels,
                                                    format: request.format, product: request.product, fullSize: request.fullSize,
                                                    orientation: exif.orientationNotAppliedByLoader,
                                                    onTwoThreads: request.onTwoThreads, entryPoint: request.entryPoint, to: thumbnail)
            return report("ok \(size.width) \(size.height)", exif: exif.metadata)
        } catch {
            return report(failureLine(error))
        }
    }

    /// The "fail" line that says why a decode failed.
    private static func failureLine(_ error: ThumbnailRenderer.Failure) -> String {
        switch error {
        case .file(let message): "fail file \(message)"
        case .decode(let message): "fail decode \(message)"
        case .damaged(let damage, let message): "fail damaged \(damage.rawValue) \(message)"
        case .memory(let message): "fail memory \(message)"
        case .tooManyPixels(let size): "fail pixels \(size.width) \(size.height)"
        case .write(let code, let message): "fail write \(code) \(message)"
        }
    }

    /// Writes the one line (line breaks in messages become spaces), and after an "ok" the
    /// EXIF lines (`ExifAnswer`), and gives the status.
    static func report(_ line: String, exif: ExifMetadata? = nil) -> Int32 {
        let flat = String(line.map { $0.isNewline ? " " : $0 }) + "\n" + (exif.map(ExifAnswer.lines) ?? "")
        // One write(2), unbuffered: the line is whole or absent, whatever happens next.
        _ = flat.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
        return line.hasPrefix("ok ") ? 0 : 1
    }

    package struct Request: Equatable {
        package var cpuSeconds: Int
        package var memoryBytes: Int
        package var box: Int
        package var format: ThumbnailFormat
        /// What is written to OUTPUT.
        package var product: Product
        /// The most pixels an image's header may announce (none when nil).
        package var maxPixels: Int?
        package var fullSize: PixelSize?
        /// Whether a JPEG is decoded on two threads (`JPEGDecoder`): for a photo someone is
        /// waiting to see, at the cost of more CPU.
        package var onTwoThreads: Bool
        /// Where the second thread of a two-thread decode can start a JPEG's scan (the library
        /// keeps it from the background scan); without it, that thread skips the rows above.
        package var entryPoint: JPEGEntryPoint?
        package var input: String
        package var output: String

        /// The arguments `DecoderProcess` passes for this request.
        package var arguments: [String] {
            var arguments = ["--cpu-seconds", String(cpuSeconds), "--memory-bytes", String(memoryBytes), "--box", String(box),
                             "--format", format.rawValue]
            switch product {
            case .thumbnail: break
            case .pixels: arguments.append("--pixels")
            case .crop(let rect, let size):
                arguments += ["--crop"] + [rect.x, rect.y, rect.width, rect.height, size.width, size.height].map(String.init)
            case .qrCodes: arguments.append("--qr")
            case .exif: arguments.append("--exif-only")
            case .asSeen(let turns): arguments += ["--as-seen", String(turns)]
            }
            if let maxPixels { arguments += ["--max-pixels", String(maxPixels)] }
            if let fullSize { arguments += ["--full-size", String(fullSize.width), String(fullSize.height)] }
            if onTwoThreads { arguments.append("--two-threads") }
            if let entryPoint { arguments += ["--entry", entryPoint.text] }
            // "--" so that a path starting with "-" is never taken for an option.
            return arguments + ["--", input, output]
        }

        package init(cpuSeconds: Int, memoryBytes: Int, box: Int, format: ThumbnailFormat = .png, product: Product = .thumbnail,
                     maxPixels: Int? = nil, fullSize: PixelSize?, onTwoThreads: Bool = false, entryPoint: JPEGEntryPoint? = nil,
                     input: String, output: String) {
            self.cpuSeconds = cpuSeconds
            self.memoryBytes = memoryBytes
            self.box = box
            self.format = format
            self.product = product
            self.maxPixels = maxPixels
            self.fullSize = fullSize
            self.onTwoThreads = onTwoThreads
            self.entryPoint = entryPoint
            self.input = input
            self.output = output
        }

        package struct UsageError: Error { package var message: String }

        /// What a decode writes to OUTPUT.
        package enum Product: Equatable, Sendable {
            /// A thumbnail file in `format`: an import's.
            case thumbnail
            /// The decoded pixels (`PixelsFile`): the viewer's picture.
            case pixels
            /// The pixels (`PixelsFile`) of a region, given in a picture of the size `of`: a QR
            /// code cut out of its photo.
            case crop(PixelRect, of: PixelSize)
            /// The QR codes zbar finds (`QRCodesFile`).
            case qrCodes
            /// Nothing: only the EXIF lines after "ok exif" (the details view's camera, a
            /// library photo's date or place read again). Nothing is decoded.
            case exif
            /// The photo as the user sees it, turned this many quarter turns clockwise
            /// (`AsSeenWriter`): a copy that leaves Drover.
            case asSeen(quarterTurns: Int)
        }

        package init(parsing arguments: [String]) throws(UsageError) {
            var cpuSeconds: Int?
            var memoryBytes: Int?
            var box: Int?
            var format = ThumbnailFormat.png
            var product = Product.thumbnail
            var maxPixels: Int?
            var fullSize: PixelSize?
            var onTwoThreads = false
            var entryPoint: JPEGEntryPoint?
            var paths: [String] = []
            var rest = arguments[...]
            func number(_ option: String) throws(UsageError) -> Int {
                guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                    throw UsageError(message: "\(option) needs a positive whole number")
                }
                return value
            }
            func whole(_ option: String) throws(UsageError) -> Int {
                guard let text = rest.popFirst(), let value = Int(text), value >= 0 else {
                    throw UsageError(message: "\(option) needs a whole number")
                }
                return value
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--cpu-seconds": cpuSeconds = try number(argument)
                case "--memory-bytes": memoryBytes = try number(argument)
                case "--box": box = try number(argument)
                case "--format":
                    guard let name = rest.popFirst(), let named = ThumbnailFormat(rawValue: name) else {
                        throw UsageError(message: "--format needs png or jpeg")
                    }
                    format = named
                case "--pixels": product = .pixels
                case "--qr": product = .qrCodes
                case "--exif-only": product = .exif
                case "--as-seen":
                    guard let text = rest.popFirst(), let turns = Int(text), (0...3).contains(turns) else {
                        throw UsageError(message: "--as-seen needs 0 to 3 quarter turns")
                    }
                    product = .asSeen(quarterTurns: turns)
                case "--crop":
                    let (x, y) = (try whole(argument), try whole(argument))
                    let rect = PixelRect(x: x, y: y, width: try number(argument), height: try number(argument))
                    product = .crop(rect, of: PixelSize(width: try number(argument), height: try number(argument)))
                case "--max-pixels": maxPixels = try number(argument)
                case "--full-size": fullSize = PixelSize(width: try number(argument), height: try number(argument))
                case "--two-threads": onTwoThreads = true
                case "--entry":
                    guard let text = rest.popFirst(), let entry = JPEGEntryPoint(text: text) else {
                        throw UsageError(message: "--entry needs ROW BYTE BIT and one to four DC predictors")
                    }
                    entryPoint = entry
                case "--": paths += rest; rest = []
                default:
                    guard !argument.hasPrefix("-") else { throw UsageError(message: "unknown option \(argument)") }
                    paths.append(argument)
                }
            }
            guard let cpuSeconds, let memoryBytes, let box else {
                throw UsageError(message: "--cpu-seconds, --memory-bytes and --box are required")
            }
            guard paths.count == 2 else { throw UsageError(message: "expected an input and an output path") }
            self.init(cpuSeconds: cpuSeconds, memoryBytes: memoryBytes, box: box, format: format, product: product, maxPixels: maxPixels, fullSize: fullSize,
                      onTwoThreads: onTwoThreads, entryPoint: entryPoint, input: paths[0], output: paths[1])
        }

        /// Sets this process's limits. Returns nil, or what failed.
        package func limitSelf() -> String? {
            // The soft CPU limit sends SIGXCPU; the hard one, a second later, SIGKILL, in case
            // something catches SIGXCPU.
            let limits: [(resource: __rlimit_resource, soft: Int, hard: Int, name: String)] = [
                (RLIMIT_CORE, 0, 0, "RLIMIT_CORE"),
                (RLIMIT_CPU, cpuSeconds, cpuSeconds + 1, "RLIMIT_CPU"),
                (RLIMIT_AS, memoryBytes, memoryBytes, "RLIMIT_AS"),
            ]
            for limit in limits {
                var value = rlimit(rlim_cur: rlim_t(limit.soft), rlim_max: rlim_t(limit.hard))
                if setrlimit(__rlimit_resource_t(limit.resource.rawValue), &value) != 0 {
                    return "cannot set \(limit.name): \(String(cString: strerror(errno)))"
                }
            }
            return nil
        }
    }
}
