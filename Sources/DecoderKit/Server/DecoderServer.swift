import CPixbuf
import CSystem
import Dispatch
import Foundation
import ImageFormats

/// The decoder server, `drover-decode --serve [--child PROGRAM]`: Drover keeps one per
/// decode that may run at once, so an image costs a fork, not a program start (see `DecoderProcess`).
///
/// It reads requests (`DecoderWire`) on standard input, a socket whose other end is
/// Drover's, and for each forks a fresh child that limits itself and decodes one image
/// exactly as the one-shot `drover-decode` does (`DecoderHelper.main`); or, with
/// `--child`, runs PROGRAM with the same arguments instead (tests stand in broken decoders
/// so). It watches the child within the request's wall-clock budget, kills it there, reaps
/// it, and answers with its ending, its CPU time and what it wrote, on standard output
/// (the same socket). The server itself never reads an image.
///
/// Single-threaded on purpose: fork copies only the calling thread, so a lock held by
/// another thread would stay locked in the child for ever. It enters its own user and
/// network namespaces first (`DecoderSandbox`), then loads gdk-pixbuf's type sniffing and
/// every loader module once, before the first fork, so every child starts with them and
/// needs to open nothing. It opens each request's image and thumbnail file itself and
/// hands them to the child as descriptors 3 and 4; the child confines itself before it
/// reads a byte. When Drover goes (the socket closes), the server kills the running
/// child and ends; a child whose server dies is killed by the kernel (PR_SET_PDEATHSIG).
public enum DecoderServer {
    /// Serves until standard input closes. Returns the exit status.
    public static func serve(arguments: [String]) -> Int32 {
        var childProgram: String?
        var logSandbox = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--child" where !rest.isEmpty: childProgram = rest.popFirst()
            case "--log-sandbox": logSandbox = true
            default:
                FileHandle.standardError.write(Data("drover-decode --serve: expected [--log-sandbox] [--child PROGRAM]\n".utf8))
                return 2
            }
        }
        // First, while this process has one thread: the kernel gives a user namespace only so.
        let namespaces = DecoderSandbox.enterNamespaces()
        // A write to a Drover that went away must end the server, not kill it mid-answer
        // with a signal nobody reads: ignore SIGPIPE here (each child resets it).
        signal(SIGPIPE, SIG_IGN)
        loadDecoders()
        // The filter, compiled once for every child.
        let sandbox = DecoderSandbox.prepare(namespaces: namespaces)
        // Said once per Drover (its first server is asked to), by a child confined as every decode child is.
        if logSandbox {
            FileHandle.standardError.write(Data("drover-decode: \(DecoderSandbox.probe(sandbox))\n".utf8))
        }
        var reader = FieldReader(descriptor: 0)
        while let fields = reader.nextRequest() {
            guard let request = DecoderWire.parseRequest(fields) else {
                FileHandle.standardError.write(Data("drover-decode --serve: a request without a budget\n".utf8))
                return 2
            }
            guard let answer = decode(request.arguments, wallSeconds: request.wallSeconds, childProgram: childProgram,
                                      sandbox: sandbox) else {
                return 0
            }
            guard writeAll(answer) else { return 0 }
        }
        return 0
    }

    /// `drover-decode --sandbox-report`: what a decode child on this machine runs under.
    public static func sandboxReport() -> Int32 {
        let namespaces = DecoderSandbox.enterNamespaces()
        loadDecoders()
        let line = DecoderSandbox.probe(DecoderSandbox.prepare(namespaces: namespaces))
        print(line)
        return line.contains("BROKEN") ? 1 : 0
    }

    /// Loads gdk-pixbuf's type sniffing and the loader modules of the formats an import
    /// takes (`loaderNames`), once, before the first fork: children inherit them, and a
    /// confined child could not open them.
    static func loadDecoders() {
        drover_pixbuf_warm_up()
        let names = loaderNames.sorted().map { strdup($0) }
        defer { names.forEach { free($0) } }
        _ = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { drover_pixbuf_load_loaders($0.baseAddress, Int32($0.count)) }
    }

    /// The gdk-pixbuf loaders of every format an import takes: those of ImageFormats' table
    /// (photo formats, and JPEG XL where its loader is installed), and those of the other
    /// raster images the content rule takes (`ImageContent.otherRaster`: PNM, ICO, ICNS,
    /// ANI, TGA; XPM and XBM are refused, their loaders need a temporary file). SVG, QTIF,
    /// XPM and XBM stay out of every fork.
    static let loaderNames: Set<String> = ImageFormat.allCases.reduce(into: ["pnm", "ico", "icns", "ani", "tga"]) {
        $0.formUnion($1.pixbufLoaderNames)
    }

    /// Opens what a built-in decode child reads and writes, as descriptors it inherits:
    /// (image, thumbnail), or the answer a child would have given when one cannot be opened.
    private static func openFiles(_ arguments: [String]) -> Result<(Int32, Int32), Failed> {
        // A request that does not parse opens nothing: its child says "fail usage".
        guard let request = try? DecoderHelper.Request(parsing: arguments) else { return .success((-1, -1)) }
        // Non-blocking, so a FIFO never blocks the server (the child clears the flag).
        let image = open(request.input, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard image >= 0 else { return .failure(Failed(line: "fail file \(String(cString: strerror(errno)))")) }
        let thumbnail = open(request.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o666)
        guard thumbnail >= 0 else {
            let code = errno
            close(image)
            return .failure(Failed(line: "fail write \(code) \(String(cString: strerror(code)))"))
        }
        return .success((image, thumbnail))
    }

    private struct Failed: Error {
        var line: String
        /// The answer of a child that said `line` and exited with status 1.
        var answer: [UInt8] {
            let text = Array((line + "\n").utf8)
            return DecoderWire.answerLine(.init(ending: .exited(1), cpuSeconds: 0, timedOut: false,
                                                outputLength: text.count, errorsLength: 0)) + text
        }
    }

    /// Runs one child; nil if Drover hung up meanwhile (the child is killed and reaped).
    private static func decode(_ arguments: [String], wallSeconds: Int, childProgram: String?,
                               sandbox: DecoderSandbox.Prepared) -> [UInt8]? {
        var files = (image: Int32(-1), thumbnail: Int32(-1))
        if childProgram == nil {
            switch openFiles(arguments) {
            case .success(let opened): files = opened
            case .failure(let failed): return failed.answer
            }
        }
        defer { [files.image, files.thumbnail].filter { $0 >= 0 }.forEach { close($0) } }
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var startPipe: [Int32] = [-1, -1]
        defer { (outputPipe + errorPipe + startPipe).filter { $0 >= 0 }.forEach { close($0) } }
        guard drover_pipe_cloexec(&outputPipe) == 0, drover_pipe_cloexec(&errorPipe) == 0,
              childProgram == nil || drover_pipe_cloexec(&startPipe) == 0 else {
            return unstarted(errno)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(wallSeconds) * 1_000_000_000
        // The strings the child needs, made before the fork, so that the child of a stand-in
        // program does nothing but exec (the in-process decode is Swift code either way).
        let argv: [UnsafeMutablePointer<CChar>?] = childProgram.map { ([$0] + arguments).map { strdup($0) } + [nil] } ?? []
        defer { argv.forEach { free($0) } }

        // A stand-in program runs under the same limits as the built-in decode (which sets
        // them itself, first thing, in `DecoderHelper.main`).
        let limits = childProgram == nil ? nil : try? DecoderHelper.Request(parsing: arguments)
        let pid = drover_fork_decoder(outputPipe[1], errorPipe[1], startPipe[1], files.image, files.thumbnail)
        if pid == 0 {
            if let program = childProgram {
                if let failure = limits?.limitSelf() {
                    _ = write(2, failure, strlen(failure))
                    drover_exit_now(127)
                }
                execv(program, argv)
                var code = errno
                _ = write(3, &code, MemoryLayout<Int32>.size)
                drover_exit_now(127)
            }
            drover_exit_now(DecoderHelper.child(arguments: arguments, sandbox: sandbox))
        }
        guard pid > 0 else { return unstarted(errno) }
        // The child has its own copies: the server keeps no image open.
        [files.image, files.thumbnail].filter { $0 >= 0 }.forEach { close($0) }
        files = (-1, -1)
        close(outputPipe[1]); outputPipe[1] = -1
        close(errorPipe[1]); errorPipe[1] = -1
        if startPipe[1] >= 0 {
            close(startPipe[1]); startPipe[1] = -1
            // End of file: the exec happened. Four bytes: its errno. Either comes at once.
            var code: Int32 = 0
            var count = 0
            repeat { count = read(startPipe[0], &code, MemoryLayout<Int32>.size) } while count < 0 && errno == EINTR
            if count == MemoryLayout<Int32>.size {
                _ = ChildProcess.reap(pid, closedItsOutput: false, deadline: 0)
                return unstarted(code)
            }
        }

        let (texts, collected) = ChildProcess.collect([outputPipe[0], errorPipe[0]], until: deadline, hangup: 0)
        let reaped = ChildProcess.reap(pid, closedItsOutput: collected == .finished, deadline: deadline)
        guard collected != .hungUp else { return nil }
        let line = DecoderWire.AnswerLine(ending: reaped.ending, cpuSeconds: reaped.cpuSeconds,
                                          timedOut: reaped.timedOut, outputLength: texts[0].bytes.count,
                                          errorsLength: texts[1].bytes.count)
        return DecoderWire.answerLine(line) + texts[0].bytes + texts[1].bytes
    }

    private static func unstarted(_ code: Int32) -> [UInt8] {
        DecoderWire.answerLine(.init(ending: .unstarted(code), cpuSeconds: 0, timedOut: false, outputLength: 0, errorsLength: 0))
    }

    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(1, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }

    /// Reads NUL-ended fields from a descriptor, a request at a time.
    struct FieldReader {
        let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// The next request's fields, or nil at end of input (or on a read error).
        mutating func nextRequest() -> [String]? {
            var fields: [String] = []
            while let field = nextField() {
                if field.isEmpty { return fields }
                fields.append(field)
            }
            return nil
        }

        private mutating func nextField() -> String? {
            while true {
                if let end = buffer[start...].firstIndex(of: 0) {
                    let field = String(decoding: buffer[start..<end], as: UTF8.self)
                    start = end + 1
                    return field
                }
                buffer.removeFirst(start)
                start = 0
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return nil }
                buffer += chunk.prefix(count)
            }
        }
    }
}
