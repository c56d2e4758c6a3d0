import CPixbuf
import DecoderKit
import Foundation

/// Decodes one untrusted image in a child of a `drover-decode --serve` helper process
/// (`DecoderServer`), under the CPU, memory and wall-clock budgets of `ImportLimits`, the
/// way GNOME runs its thumbnailers and Loupe its loaders (glycin) out of process: whatever
/// the bytes make the decoder do, Drover's own process only waits, and the budget ends it.
///
/// Still a fresh process per image, with its own RLIMIT_CPU, RLIMIT_AS and RLIMIT_CORE set
/// before it reads a byte, so every limit is the kernel's and no image can reach the next
/// image's thumbnail; but forked by a long-lived server instead of started from nothing.
/// Starting the helper per image cost about 15 ms of CPU (53 shared libraries, Foundation
/// with ICU among them: 14 ms for a run that decodes nothing, and 3 ms for gdk-pixbuf to
/// load its loader), ten times djpeg's whole decode of a 640×480 JPEG. Out of process now
/// costs 3 ms of CPU more than in Drover's process for such a JPEG (the fork, the child's
/// page faults and exit, the relay), 5 ms for a 12-megapixel one
/// (`benchmarks/decode-isolation.sh`; docs/benchmarks.md, "Fourth pass: import").
/// The server stays single-threaded (fork safety) and relays: it forks, watches the
/// child's wall clock, reaps it and reports its ending, CPU time and output, which
/// `interpret` reads exactly as it read a helper's. Drover keeps one server per decode
/// that may run at once (`ImportLimits.concurrency`, `DecoderServerPool`), and stops and replaces one that dies, says something it
/// cannot read, or does not answer within the wall-clock budget and a margin, so a wedged
/// server never hangs an import.
struct DecoderProcess {
    /// The server program's path (`drover-decode`).
    let executable: String
    /// A program each decode child runs instead of the built-in decode, with the same
    /// arguments (tests stand in broken decoders so); nil for the real decode.
    let childProgram: String?
    let limits: ImportLimits
    /// Set when the import is cancelled: a decode still waiting for a server gives up.
    let cancellation: ImportCancellation?

    init(executable: String = DecoderProcess.installedExecutable, childProgram: String? = nil, limits: ImportLimits,
         cancellation: ImportCancellation? = nil) {
        self.executable = executable
        self.childProgram = childProgram
        self.limits = limits
        self.cancellation = cancellation
    }

    /// How long Drover waits for a server's answer: the child's wall-clock budget (the
    /// server enforces it) and a margin for the server to kill, reap and report.
    var answerSeconds: Int { limits.decodeWallSeconds + max(2, limits.decodeWallSeconds / 4) }

    /// Where `drover-decode` is (`DecoderClient.installedExecutable`).
    static var installedExecutable: String { DecoderClient.installedExecutable }

    /// Decodes `input` to fit the thumbnail box and writes it in `format` at `output` (a
    /// temporary name in the thumbnails folder, which the caller renames). The child reads
    /// the full size from the header and refuses more than `limits.maxPixels` before it
    /// decodes. Returns the upright full size. On failure nothing is left at `output`.
    func makeThumbnail(of input: String, to output: String, format: ThumbnailFormat = .png) throws(ImportFailureReason) -> PixelSize {
        try makeThumbnailReadingExif(of: input, to: output, format: format).upright
    }

    /// `makeThumbnail`, and what the image's EXIF says, which the same child read before it
    /// decoded (`ExifAnswer`): an import learns a photo's date and place without another
    /// child, and without parsing a byte of the image in Drover.
    func makeThumbnailReadingExif(of input: String, to output: String,
                                  format: ThumbnailFormat = .png) throws(ImportFailureReason) -> (upright: PixelSize, exif: ExifMetadata) {
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: limits.thumbnailSize, format: format, maxPixels: limits.maxPixels, fullSize: nil,
                                            input: input, output: output)
        do {
            let finished = try run(request.arguments)
            return (try interpret(finished, input: input), try Self.exif(finished))
        } catch {
            unlink(output)
            throw error
        }
    }

    /// How the helper ended, with what it said (the client side of the wire is DecoderKit's).
    typealias Finished = DecoderFinished

    func interpret(_ finished: Finished, input: String) throws(ImportFailureReason) -> PixelSize {
        let overCPU = finished.cpuSeconds >= Double(limits.decodeCPUSeconds)
        if finished.timedOut {
            throw overCPU ? .tooComplexToDecode(seconds: limits.decodeCPUSeconds) : .decodeTimedOut(seconds: limits.decodeWallSeconds)
        }
        switch finished.ending {
        case .unstarted(let code):
            throw .decoderFailed(detail: "\(childProgram ?? executable) cannot be started: \(String(cString: strerror(code)))")
        case .signalled(SIGXCPU):
            throw .tooComplexToDecode(seconds: limits.decodeCPUSeconds)
        case .signalled(SIGKILL) where overCPU:
            throw .tooComplexToDecode(seconds: limits.decodeCPUSeconds)
        case .signalled(let signal):
            // GLib and the Swift runtime abort when an allocation fails; under RLIMIT_AS
            // that is the memory budget, and they say so on standard error.
            if Self.mentionsFailedAllocation(finished.errors) { throw .tooLargeToDecode(memoryLimit: limits.decodeMemoryBytes) }
            throw .decoderFailed(detail: "it stopped with signal \(signal), \(String(cString: strsignal(signal)))")
        case .exited(let status):
            let line = finished.output.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            switch (status, words.first, words.count > 1 ? words[1] : "") {
            case (0, "ok", _):
                guard words.count == 3, let width = Int(words[1]), let height = Int(words[2]), width > 0, height > 0 else { break }
                return PixelSize(width: width, height: height)
            case (1, "fail", "file"):
                throw access(input, F_OK) == 0 ? .unreadable(detail: Self.message(words)) : .vanished
            case (1, "fail", "decode"), (1, "fail", "incomplete"):
                throw .corrupt(detail: Self.message(words))
            case (1, "fail", "unsupported"):
                throw .unsupportedFormat(Self.message(words))
            case (1, "fail", "damaged"):
                let parts = Self.message(words).split(separator: " ", maxSplits: 1).map(String.init)
                guard let damage = parts.first.flatMap(ImageDamage.init(rawValue:)) else { break }
                throw .damaged(damage, detail: parts.count > 1 ? parts[1] : "no detail")
            case (1, "fail", "memory"):
                throw .tooLargeToDecode(memoryLimit: limits.decodeMemoryBytes)
            case (1, "fail", "pixels"):
                let size = Self.message(words).split(separator: " ").compactMap { Int($0) }
                guard size.count == 2 else { break }
                throw .tooManyPixels(PixelSize(width: size[0], height: size[1]), limit: limits.maxPixels)
            case (1, "fail", "write"):
                let parts = Self.message(words).split(separator: " ", maxSplits: 1).map(String.init)
                let code = parts.first.flatMap { Int32($0) } ?? 0
                throw code == ENOSPC || code == EDQUOT ? .diskFull : .writeFailed(detail: parts.count > 1 ? parts[1] : "unknown error")
            case (1, "fail", "usage"):
                throw .decoderFailed(detail: Self.message(words))
            default:
                break
            }
            if Self.mentionsFailedAllocation(finished.errors) { throw .tooLargeToDecode(memoryLimit: limits.decodeMemoryBytes) }
            let said = finished.errors.split(separator: "\n").last.map { ": " + $0.prefix(200) } ?? ""
            throw .decoderFailed(detail: "it exited with status \(status) without an answer\(said)")
        }
    }

    /// The EXIF lines after an "ok" line (none from a stand-in program that writes none), or
    /// the failure of an answer that breaks `ExifAnswer`'s rules.
    static func exif(_ finished: Finished) throws(ImportFailureReason) -> ExifMetadata {
        let lines = finished.output.split(separator: "\n", omittingEmptySubsequences: true).dropFirst()
        guard let metadata = ExifAnswer.read(Array(lines)) else { throw unreadableAnswer }
        return metadata
    }

    static var unreadableAnswer: ImportFailureReason {
        .decoderFailed(detail: "what it wrote was not in the form Drover reads")
    }

    private static func message(_ words: [String]) -> String {
        words.count > 2 && !words[2].isEmpty ? words[2] : "no detail"
    }

    private static func mentionsFailedAllocation(_ errors: String) -> Bool {
        // GLib: "failed to allocate N bytes"; Swift: "Could not allocate memory."; C++: "bad_alloc".
        ["failed to allocate", "could not allocate", "bad_alloc", "out of memory"].contains { errors.lowercased().contains($0) }
    }

    // MARK: - The server

    /// DecoderKit's client, with this decode's server program, concurrency and cancellation.
    var client: DecoderClient {
        DecoderClient(executable: executable, childProgram: childProgram, concurrency: limits.concurrency,
                      cancellation: cancellation)
    }

    /// Starts the servers that `count` decodes will use (at most `limits.concurrency`)
    /// ahead of them (see `DecoderServerPool.prewarm`).
    func prewarmServers(for count: Int) { client.prewarm(for: count) }

    /// Has a server run the child with these arguments and report how it ended (see
    /// `DecoderClient.run`); a failure of the servers is this image's `decoderFailed`.
    func run(_ arguments: [String]) throws(ImportFailureReason) -> Finished {
        do {
            return try client.run(arguments, wallSeconds: limits.decodeWallSeconds, answerWithin: answerSeconds)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .failed(let detail): throw .decoderFailed(detail: detail)
            }
        }
    }
}
