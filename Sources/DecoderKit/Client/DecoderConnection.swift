import CSystem
import Dispatch
import Foundation
import Synchronization

/// Drover's end of one decoder server (`DecoderServer`): starts it, sends it requests, reads
/// each answer within a deadline, and stops it.
///
/// Two borrowers may share it (`DecoderServerPool` lends it to a second while the first's
/// decode runs): the second's request waits in the socket, so the server forks its child the
/// moment it has answered the first, instead of after a round trip through Drover's threads
/// (about 0.3 ms a photo, and more on a busy machine). The server answers in the order it
/// was asked; each borrower reads its own answer in turn.
package final class DecoderConnection: @unchecked Sendable {
    // @unchecked: `turn` guards the request count, whose answer is next, `pending` (bytes
    // read past an answer, handed to the next reader) and `stopped`; only the borrower
    // whose turn it is reads the socket.
    package let pid: pid_t
    private let socket: Int32
    private let turn = NSCondition()
    private var stopped = false
    private var requestsSent = 0
    private var answersRead = 0
    private var pending: [UInt8] = []
    /// How the server ended, once reaped (guarded by `reaping`).
    private let reaping = NSLock()
    private var ending: DecoderFinished.Ending?

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
    }

    deinit { stop() }

    /// Why a server gave no usable answer: a server failure, never the image's (the image
    /// is only ever read in the server's child). The server is stopped then.
    package enum Failure: Error, Equatable {
        case cannotStart(executable: String, errno: Int32)
        case stopped(DecoderFinished.Ending)
        case unreadableAnswer
        case noAnswer(seconds: Int)
        /// It stopped (for the request ahead) before this request's turn: the image was not
        /// at fault, and may go to another server.
        case stoppedBeforeItsTurn

        package var detail: String {
            switch self {
            case .cannotStart(let executable, let code): "\(executable) cannot be started: \(String(cString: strerror(code)))"
            case .stopped(.signalled(let signal)):
                "its server stopped with signal \(signal), \(String(cString: strsignal(signal)))"
            case .stopped(.exited(let status)): "its server exited with status \(status)"
            case .stopped(.unstarted(let code)): "its server cannot be started: \(String(cString: strerror(code)))"
            case .unreadableAnswer: "its server gave an answer Drover cannot read"
            case .noAnswer(let seconds): "its server did not answer within \(seconds) s"
            case .stoppedBeforeItsTurn: "its server stopped before it was its turn"
            }
        }
    }

    /// Whether a server of this process was asked to log its sandbox yet: the layers are
    /// said once per Drover, by its first server.
    private static let sandboxLogged = Mutex(false)

    /// Starts `executable --serve` (with `--child PROGRAM` for a stand-in decoder).
    package static func start(executable: String, childProgram: String?) throws(Failure) -> DecoderConnection {
        var ends: [Int32] = [-1, -1]
        guard drover_socketpair_cloexec(&ends) == 0 else { throw .cannotStart(executable: executable, errno: errno) }
        var pid: pid_t = 0
        let firstServer = childProgram == nil && sandboxLogged.withLock { logged in
            defer { logged = true }
            return !logged
        }
        let arguments = ["--serve"] + (firstServer ? ["--log-sandbox"] : []) + (childProgram.map { ["--child", $0] } ?? [])
        let code = spawn(executable, arguments, socket: ends[1], pid: &pid)
        // The server has its own copy (or never started).
        close(ends[1])
        guard code == 0 else {
            close(ends[0])
            throw .cannotStart(executable: executable, errno: code)
        }
        return DecoderConnection(pid: pid, socket: ends[0])
    }

    /// True when the server still waits for a request: an idle server writes nothing, so a
    /// readable or closed socket means it ended (killed, out of memory) while it was idle.
    package var isIdleAndAlive: Bool {
        turn.lock()
        defer { turn.unlock() }
        guard !stopped, requestsSent == answersRead else { return false }
        var polled = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, 0) == 0
    }

    /// Sends one request, waits for the answers to requests sent before it, and then for its
    /// own until `answerWithin` seconds have passed.
    package func run(_ arguments: [String], wallSeconds: Int, answerWithin seconds: Int) throws(Failure) -> DecoderFinished {
        let request = DecoderWire.request(wallSeconds: wallSeconds, arguments: arguments)
        turn.lock()
        guard !stopped else { turn.unlock(); throw .stoppedBeforeItsTurn }
        // A request is a few hundred bytes: the socket's buffer takes it whole at once.
        let sent = request.withUnsafeBytes { drover_send_all(socket, $0.baseAddress, $0.count) } == 0
        // In line even if the send failed (the server is gone): only the borrower whose turn
        // it is may read, or close, the socket.
        let ticket = requestsSent
        requestsSent += 1
        while answersRead < ticket && !stopped { turn.wait() }
        let stoppedFirst = stopped
        let leftover = pending
        pending = []
        turn.unlock()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds) * 1_000_000_000
        if stoppedFirst { throw .stoppedBeforeItsTurn }
        if !sent { throw stopAfterFailure(deadline: deadline) }

        let (answer, extra) = try readAnswer(startingWith: leftover, deadline: deadline, seconds: seconds)
        turn.lock()
        answersRead += 1
        // More than the answer, with no request after this one: a broken server.
        let saidTooMuch = !extra.isEmpty && answersRead == requestsSent
        pending = saidTooMuch ? [] : extra
        turn.broadcast()
        turn.unlock()
        if saidTooMuch {
            stop()
            throw .unreadableAnswer
        }
        return answer
    }

    /// Reads one answer. Bytes past it belong to the next request's answer, already under way.
    private func readAnswer(startingWith leftover: [UInt8], deadline: UInt64,
                            seconds: Int) throws(Failure) -> (DecoderFinished, extra: [UInt8]) {
        var received = leftover
        var line: DecoderWire.AnswerLine?
        var lineLength = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if line == nil, let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                guard let parsed = DecoderWire.parseAnswerLine(String(decoding: received[..<end], as: UTF8.self)[...]) else {
                    stop()
                    throw .unreadableAnswer
                }
                line = parsed
                lineLength = end + 1
            } else if line == nil && received.count > 256 {
                stop()
                throw .unreadableAnswer
            }
            if let line {
                let needed = lineLength + line.outputLength + line.errorsLength
                if received.count >= needed {
                    return (finished(line, received[lineLength..<needed]), Array(received[needed...]))
                }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                stop()
                throw .noAnswer(seconds: seconds)
            }
            var polled = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            let ready = poll(&polled, 1, milliseconds)
            if ready < 0 && errno != EINTR { throw stopAfterFailure(deadline: deadline) }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { throw stopAfterFailure(deadline: deadline) }
            received += buffer.prefix(count)
        }
    }

    private func finished(_ line: DecoderWire.AnswerLine, _ texts: ArraySlice<UInt8>) -> DecoderFinished {
        let output = texts.prefix(line.outputLength)
        let errors = texts.dropFirst(line.outputLength)
        return DecoderFinished(ending: line.ending, cpuSeconds: line.cpuSeconds, timedOut: line.timedOut,
                                       output: String(decoding: output, as: UTF8.self),
                                       errors: String(decoding: errors, as: UTF8.self))
    }

    /// The server stopped talking (the socket closed, or failed): says how it ended.
    private func stopAfterFailure(deadline: UInt64) -> Failure {
        .stopped(finish(deadline: deadline))
    }

    /// Closes the socket, which ends a server that waits for a request, and reaps it,
    /// waiting until `deadline` at most (then it is killed).
    @discardableResult
    package func finish(deadline: UInt64) -> DecoderFinished.Ending {
        hangUp()
        return reapOnce { ChildProcess.reap(pid, closedItsOutput: true, deadline: deadline) }
    }

    /// Closes the socket (once), which ends a server that waits for a request.
    package func hangUp() {
        _ = closeOnce()
    }

    /// Kills the server (a child it is running dies with it) and reaps it. A borrower
    /// waiting for its turn is told.
    package func stop() {
        _ = closeOnce()
        _ = reapOnce { ChildProcess.reap(pid, closedItsOutput: false, deadline: 0) }
    }

    /// Reaps the server the first time (two borrowers may both find it gone); every caller
    /// gets how it ended.
    private func reapOnce(_ reap: () -> ChildProcess.Reaped) -> DecoderFinished.Ending {
        reaping.lock()
        defer { reaping.unlock() }
        if let ending { return ending }
        let reaped = reap().ending
        ending = reaped
        return reaped
    }

    /// Marks the connection stopped and closes the socket; false if it was already.
    private func closeOnce() -> Bool {
        turn.lock()
        defer { turn.unlock() }
        guard !stopped else { return false }
        stopped = true
        close(socket)
        turn.broadcast()
        return true
    }

    /// Starts the server with standard input and output on `socket`, standard error
    /// Drover's, no other descriptor, and every signal at its default (an ignored SIGXCPU
    /// would survive exec, and fork, and blunt the CPU limit). Returns 0 or the errno.
    private static func spawn(_ executable: String, _ arguments: [String], socket: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, 0)
        posix_spawn_file_actions_adddup2(&actions, socket, 1)
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
        // Every symbol bound once, in the server: lazily bound, each forked child would look
        // up again every library function its decode calls first (about 1.4 ms a photo).
        variables["LD_BIND_NOW"] = "1"
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        return posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
    }
}
