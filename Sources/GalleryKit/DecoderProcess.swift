import CPixbuf
import Foundation

/// Decodes one untrusted image in a `drover-decode` helper process (`DecoderHelper`),
/// under the CPU, memory and wall-clock budgets of `ImportLimits`, the way GNOME runs
/// its thumbnailers and Loupe its loaders (glycin) out of process: whatever the bytes
/// make the decoder do, Drover's own process only waits, and the budget ends it.
///
/// A fresh process per image, spawned with posix_spawn. Measured against the decode it
/// replaces (gdk-pixbuf in Drover's process), one image at a time, on this 2-core machine
/// with other builds running (`benchmarks/decode-isolation.sh`, best of two runs each way):
///
///     200 JPEGs 640×480     CPU 17.2 → 32.4 ms per image, real time 39 → 71 ms
///     10 JPEGs 4000×3000    CPU 30.5 → 45.5 ms per image, real time 81 → 114 ms
///
/// so about 15 ms of CPU per image, nearly all of it the helper's start-up: 14 ms for a
/// run that decodes nothing (53 shared libraries, Foundation with ICU among them, where a
/// Swift program without Foundation starts in 3 ms), 3 ms for gdk-pixbuf to load its
/// loader. For a camera photo (12–24 megapixels, 100 ms and more to decode) that is a
/// tenth or less. A pool of long-lived workers would save the start-up, but RLIMIT_CPU
/// counts a process's whole life, so the parent would have to watch each job's CPU time
/// itself (/proc/PID/stat), restart a worker after every failure, and trust that an
/// image that corrupted a worker cannot reach the next image's thumbnail; a process per
/// image gets all of that from the kernel. If the start-up matters, a helper built
/// without Foundation is the cheaper fix.
struct DecoderProcess {
    /// The helper program's path.
    let executable: String
    let limits: ImportLimits

    /// Where `drover-decode` is: beside the running executable. That is the build
    /// folder for `drover` and for the test bundle alike, and `bindir` once installed
    /// (meson.build installs it there).
    static let installedExecutable: String = {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "drover"
        return ((running as NSString).deletingLastPathComponent as NSString).appendingPathComponent("drover-decode")
    }()

    /// Decodes `input` to fit the thumbnail box and writes the PNG at `output` (a
    /// temporary name in the thumbnails folder, which the caller renames). Returns the
    /// upright full size. On failure nothing is left at `output`.
    func makeThumbnail(of input: String, to output: String, fullSize: PixelSize?) throws(ImportFailureReason) -> PixelSize {
        let request = DecoderHelper.Request(cpuSeconds: limits.decodeCPUSeconds, memoryBytes: limits.decodeMemoryBytes,
                                            box: limits.thumbnailSize, fullSize: fullSize, input: input, output: output)
        do {
            let finished = try run(request.arguments)
            return try interpret(finished, input: input)
        } catch {
            unlink(output)
            throw error
        }
    }

    /// How the helper ended, with what it said.
    struct Finished {
        enum Ending: Equatable {
            case exited(Int32)
            case signalled(Int32)
        }
        var ending: Ending
        /// User plus system CPU time the helper used.
        var cpuSeconds: Double
        /// Drover killed it at the wall-clock budget.
        var timedOut: Bool
        var output: String
        var errors: String
    }

    func interpret(_ finished: Finished, input: String) throws(ImportFailureReason) -> PixelSize {
        let overCPU = finished.cpuSeconds >= Double(limits.decodeCPUSeconds)
        if finished.timedOut {
            throw overCPU ? .tooComplexToDecode(seconds: limits.decodeCPUSeconds) : .decodeTimedOut(seconds: limits.decodeWallSeconds)
        }
        switch finished.ending {
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
            case (1, "fail", "decode"):
                throw .corrupt(detail: Self.message(words))
            case (1, "fail", "memory"):
                throw .tooLargeToDecode(memoryLimit: limits.decodeMemoryBytes)
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

    private static func message(_ words: [String]) -> String {
        words.count > 2 && !words[2].isEmpty ? words[2] : "no detail"
    }

    private static func mentionsFailedAllocation(_ errors: String) -> Bool {
        // GLib: "failed to allocate N bytes"; Swift: "Could not allocate memory."; C++: "bad_alloc".
        ["failed to allocate", "could not allocate", "bad_alloc", "out of memory"].contains { errors.lowercased().contains($0) }
    }

    // MARK: - The process

    /// Spawns the helper, collects what it writes, and reaps it, killing it at the
    /// wall-clock budget. Blocking.
    func run(_ arguments: [String]) throws(ImportFailureReason) -> Finished {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard drover_pipe_cloexec(&outputPipe) == 0 else { throw .decoderFailed(detail: "no pipe: \(String(cString: strerror(errno)))") }
        guard drover_pipe_cloexec(&errorPipe) == 0 else {
            outputPipe.forEach { close($0) }
            throw .decoderFailed(detail: "no pipe: \(String(cString: strerror(errno)))")
        }
        var pid: pid_t = 0
        let spawnError = spawn(arguments, output: outputPipe[1], errors: errorPipe[1], pid: &pid)
        // The helper has its own copies of the write ends (or never started).
        close(outputPipe[1])
        close(errorPipe[1])
        defer { close(outputPipe[0]); close(errorPipe[0]) }
        guard spawnError == 0 else {
            throw .decoderFailed(detail: "\(executable) cannot be started: \(String(cString: strerror(spawnError)))")
        }

        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limits.decodeWallSeconds) * 1_000_000_000
        let (texts, finished) = Self.collect([outputPipe[0], errorPipe[0]], until: deadline)
        var timedOut = !finished
        var status: Int32 = 0
        var usage = rusage()
        var reaped = false
        if !timedOut {
            // It closed its output: it is ending. Wait for that, still within the budget.
            var pause: UInt32 = 50
            while !reaped {
                let result = wait4(pid, &status, WNOHANG, &usage)
                if result == pid { reaped = true; break }
                if result < 0 && errno != EINTR { break }
                if DispatchTime.now().uptimeNanoseconds >= deadline { timedOut = true; break }
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
        }
        if !reaped {
            kill(pid, SIGKILL)
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // WIFSIGNALED and friends are macros Swift cannot see: the low 7 bits are the
        // signal, or 0 for a normal exit whose status is in the next byte.
        let signal = status & 0x7F
        let ending: Finished.Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return Finished(ending: ending, cpuSeconds: cpu, timedOut: timedOut, output: texts[0].text, errors: texts[1].text)
    }

    /// Up to 64 KB of what a pipe carried: the answer is one short line, and a helper
    /// that writes more must not make Drover hold it all.
    struct BoundedText {
        private var bytes: [UInt8] = []
        mutating func append(_ buffer: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: buffer.prefix(max(0, 65_536 - bytes.count)))
        }
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Reads the pipes until all reach end-of-file (`finished`) or the deadline passes.
    private static func collect(_ pipes: [Int32], until deadline: UInt64) -> (texts: [BoundedText], finished: Bool) {
        var texts = [BoundedText](repeating: BoundedText(), count: pipes.count)
        var open = Array(pipes.indices)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return (texts, false) }
            var polled = open.map { pollfd(fd: pipes[$0], events: Int16(POLLIN), revents: 0) }
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            if poll(&polled, nfds_t(polled.count), milliseconds) < 0 {
                if errno == EINTR { continue }
                return (texts, false)
            }
            open = zip(open, polled).compactMap { index, polled in
                guard polled.revents != 0 else { return index }
                let count = buffer.withUnsafeMutableBytes { read(pipes[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer.withUnsafeBytes { texts[index].append(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
                    return index
                }
                return count < 0 && (errno == EINTR || errno == EAGAIN) ? index : nil
            }
        }
        return (texts, true)
    }

    /// Starts the helper with standard input from /dev/null, standard output and error
    /// into the given pipes, no other descriptor, and every signal at its default
    /// (an ignored SIGXCPU would survive exec and blunt the CPU limit).
    /// Returns 0, or the errno of the failure.
    private func spawn(_ arguments: [String], output: Int32, errors: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        drover_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        // Drover's environment (gdk-pixbuf's loader settings among it), without the Swift
        // runtime's crash backtracer: a decoder crash is an answer here, not a bug report,
        // and the backtrace would cost time and fill the pipe.
        var variables = ProcessInfo.processInfo.environment
        variables["SWIFT_BACKTRACE"] = "enable=no"
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        return posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
    }
}
