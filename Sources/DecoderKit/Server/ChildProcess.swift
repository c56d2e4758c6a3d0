import CSystem
import Dispatch
import Foundation

/// How a child process (a decode child, or a decoder server) ended.
package enum ChildEnding: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    /// No child: fork, or the exec of a stand-in program, failed with this errno.
    case unstarted(Int32)
}

/// Watching a child process to its end within a wall-clock budget: what the decoder server
/// does for each decode child it forks (`DecoderServer`).
package enum ChildProcess {
    /// Up to 64 KB of what a pipe carried: the answer is one short line, and a child
    /// that writes more must not make anyone hold it all.
    package struct BoundedText {
        package static let limit = 65_536
        private(set) var bytes: [UInt8] = []
        mutating func append(_ buffer: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: buffer.prefix(max(0, Self.limit - bytes.count)))
        }
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// How reading the pipes ended.
    enum Collected {
        /// Every pipe reached end-of-file.
        case finished
        /// The deadline passed first.
        case deadline
        /// `hangup` was closed by its other end (whoever waits for the answer went away).
        case hungUp
    }

    /// Reads `pipes` until all reach end-of-file or the deadline passes, or `hangup` (a
    /// socket, not read meanwhile) is closed by its peer.
    static func collect(_ pipes: [Int32], until deadline: UInt64, hangup: Int32? = nil) -> (texts: [BoundedText], ending: Collected) {
        var texts = [BoundedText](repeating: BoundedText(), count: pipes.count)
        var open = Array(pipes.indices)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return (texts, .deadline) }
            var polled = open.map { pollfd(fd: pipes[$0], events: Int16(POLLIN), revents: 0) }
            // Only its closing: the next request may already be waiting there (see `DecoderConnection`).
            if let hangup { polled.append(pollfd(fd: hangup, events: Int16(DROVER_POLLRDHUP), revents: 0)) }
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            if poll(&polled, nfds_t(polled.count), milliseconds) < 0 {
                if errno == EINTR { continue }
                return (texts, .deadline)
            }
            if hangup != nil, let watched = polled.last, watched.revents != 0 { return (texts, .hungUp) }
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
        return (texts, .finished)
    }

    /// How a reaped child ended.
    package struct Reaped {
        package var ending: ChildEnding
        /// User plus system CPU time it used.
        package var cpuSeconds: Double
        /// It was killed at the deadline.
        package var timedOut: Bool
    }

    /// Waits for `pid` to end, until `deadline` if it `closedItsOutput` (it is ending),
    /// else not at all; kills it with SIGKILL when that wait is over, and reaps it.
    package static func reap(_ pid: pid_t, closedItsOutput: Bool, deadline: UInt64) -> Reaped {
        var status: Int32 = 0
        var usage = rusage()
        let ended = closedItsOutput && waitUntilEnded(pid, deadline: deadline)
        if !ended { kill(pid, SIGKILL) }
        // It has ended (or was just killed): this wait is short.
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Reaped(ending: ending(ofWaitStatus: status), cpuSeconds: cpu, timedOut: !ended)
    }

    /// True once `pid` has ended (not yet reaped), false if `deadline` came first. A child
    /// that closed its output is usually a moment from its end: the wait is on a pidfd,
    /// which wakes the moment it ends. Polling wait4 with sleeps instead cost each decode
    /// 0.4 ms on average (up to 1.3 ms in a loaded run) between its end and its answer,
    /// time in which its server could have started the next.
    private static func waitUntilEnded(_ pid: pid_t, deadline: UInt64) -> Bool {
        let descriptor = drover_pidfd_open(pid)
        guard descriptor >= 0 else { return pollUntilEnded(pid, deadline: deadline) }
        defer { close(descriptor) }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            let result = poll(&watched, 1, milliseconds)
            if result > 0 { return true }
            if result < 0 && errno != EINTR { return pollUntilEnded(pid, deadline: deadline) }
        }
    }

    /// The same wait without a pidfd (kernels before 5.3): wait4 without blocking, with
    /// growing sleeps in between. Uses WNOWAIT, so the child stays to be reaped.
    package static func pollUntilEnded(_ pid: pid_t, deadline: UInt64) -> Bool {
        var pause: UInt32 = 50
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0 && info._sifields._sigchld.si_pid == pid { return true }
            if result < 0 && errno != EINTR { return true }  // Not ours to wait for: reaping will say.
            if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// WIFSIGNALED and friends are macros Swift cannot see: the low 7 bits are the
    /// signal, or 0 for a normal exit whose status is in the next byte.
    static func ending(ofWaitStatus status: Int32) -> ChildEnding {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
