import Dispatch
import Foundation
import Testing
@testable import DecoderKit

/// Reaping a decode child (`ChildProcess.reap`): how it ended, and a child that stays past
/// its deadline is killed, with or without a pidfd to wait on.
@Suite struct ChildProcessTests {
    @Test func aChildThatEndsIsReapedWithItsStatus() throws {
        let child = try spawn("exit 3")
        let reaped = ChildProcess.reap(child, closedItsOutput: true, deadline: deadline(seconds: 30))
        #expect(reaped.ending == .exited(3))
        #expect(!reaped.timedOut)
        #expect(kill(child, 0) != 0 && errno == ESRCH, "it is gone, not left a zombie")
    }

    @Test func aChildThatStaysPastItsDeadlineIsKilled() throws {
        let child = try spawn("exec sleep 600")
        let reaped = ChildProcess.reap(child, closedItsOutput: true, deadline: deadline(seconds: 0.2))
        #expect(reaped.ending == .signalled(SIGKILL))
        #expect(reaped.timedOut)
    }

    @Test func withoutAPidfdTheWaitSeesTheEndAndLeavesTheChildToReap() throws {
        // Kernels before 5.3 have no pidfd: the fallback waits without reaping.
        let child = try spawn("exit 5")
        #expect(ChildProcess.pollUntilEnded(child, deadline: deadline(seconds: 30)))
        let reaped = ChildProcess.reap(child, closedItsOutput: true, deadline: deadline(seconds: 30))
        #expect(reaped.ending == .exited(5), "the status was still there to read")

        let sleeper = try spawn("exec sleep 600")
        #expect(!ChildProcess.pollUntilEnded(sleeper, deadline: deadline(seconds: 0.2)))
        #expect(ChildProcess.reap(sleeper, closedItsOutput: false, deadline: 0).ending == .signalled(SIGKILL))
    }

    private func deadline(seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    }

    /// `sh -c SCRIPT`, started with posix_spawn so that nothing else (Foundation's Process)
    /// reaps it.
    private func spawn(_ script: String) throws -> pid_t {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", script].map { (word: String) in strdup(word) } + [nil]
        defer { argv.forEach { free($0) } }
        let code = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }
}
