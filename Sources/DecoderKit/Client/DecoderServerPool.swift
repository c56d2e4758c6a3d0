import Dispatch
import Foundation

/// The decoder servers, shared by every library in the process: an import borrows one per
/// photo it prepares and gives it back, so a server serves photo after photo.
///
/// At most `limit` servers of a kind live at once (imports pass `ImportLimits.concurrency`),
/// idle or lent out: a drop prepares every dropped file at once, and each would otherwise
/// start its own server (and so its own decode) beside the others. When all are lent out, a
/// server is lent to a second borrower, whose request waits in the server's socket until the
/// first's decode ends (see `DecoderConnection`): an import that prepares twice as many files
/// as it decodes at once keeps every server's next decode queued. A borrower beyond that
/// waits its turn, until it is cancelled, or until no server has come back for
/// `waitSeconds` (each borrower answers or is stopped within its answer budget, so a
/// longer silence means something is stuck, and the import says so instead of hanging).
/// Servers end with Drover (their socket closes).
package final class DecoderServerPool: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    package static let shared = DecoderServerPool()

    private let condition = NSCondition()
    private var idle: [String: [DecoderConnection]] = [:]
    /// Lent-out servers with one borrower, which a second may share, longest lent first.
    private var lentOnce: [String: [DecoderConnection]] = [:]
    /// Each lent-out server's kind and how many borrowers it has (1 or 2).
    private var lent: [ObjectIdentifier: (key: String, borrowers: Int)] = [:]
    /// Servers of each kind that exist: idle, lent out, or about to be started.
    private var live: [String: Int] = [:]
    /// Counts servers that came back or were stopped, so a waiter sees that the pool moves.
    private var returns = 0

    /// Why no server was lent.
    package enum BorrowFailure: Error, Equatable {
        case start(DecoderConnection.Failure)
        case cancelled
        case noneFree(seconds: Int)
    }

    /// An idle live server of this kind, or a new one if fewer than `limit` live, or one
    /// lent to a single borrower so far; else waits.
    package func borrow(executable: String, childProgram: String?, limit: Int, waitSeconds: Int,
                cancellation: (any DecoderCancellation)? = nil) throws(BorrowFailure) -> DecoderConnection {
        let key = Self.key(executable, childProgram)
        var reused: DecoderConnection?
        condition.lock()
        var seenReturns = returns
        var deadline = Date(timeIntervalSinceNow: TimeInterval(waitSeconds))
        while true {
            if cancellation?.isCancelled == true { condition.unlock(); throw .cancelled }
            if let connection = idle[key]?.popLast() { reused = connection; break }
            if live[key, default: 0] < max(1, limit) { live[key, default: 0] += 1; break }
            if let connection = lentOnce[key]?.first {
                lentOnce[key]?.removeFirst()
                lent[ObjectIdentifier(connection)]?.borrowers = 2
                condition.unlock()
                return connection
            }
            if returns != seenReturns {
                seenReturns = returns
                deadline = Date(timeIntervalSinceNow: TimeInterval(waitSeconds))
            }
            guard Date() < deadline else { condition.unlock(); throw .noneFree(seconds: waitSeconds) }
            // Woken by every return; the short slice is for cancellation, which signals nothing.
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.1)))
        }
        condition.unlock()
        // Its slot is this borrower's now: a dead idle server is replaced in the same slot.
        if let reused, reused.isIdleAndAlive { return lend(reused, key: key) }
        reused?.stop()
        _ = Self.shutDownAtExit
        do {
            return lend(try DecoderConnection.start(executable: executable, childProgram: childProgram), key: key)
        } catch {
            release(key)
            throw .start(error)
        }
    }

    /// Records a server as lent to one borrower, open to a second.
    private func lend(_ connection: DecoderConnection, key: String) -> DecoderConnection {
        condition.lock()
        lent[ObjectIdentifier(connection)] = (key, 1)
        lentOnce[key, default: []].append(connection)
        condition.unlock()
        return connection
    }

    /// Starts servers of this kind, idle, until `count` live (never more than `limit`), so
    /// that an import's first decodes do not wait for a server to start: a server takes
    /// about 15 ms to load its libraries and gdk-pixbuf's loaders, which now happens beside
    /// the import's first copies. A server that cannot start is simply not there; the
    /// first borrower then tries again and reports why.
    package func prewarm(executable: String, childProgram: String?, count: Int, limit: Int) {
        let key = Self.key(executable, childProgram)
        condition.lock()
        let starting = max(0, min(count, max(1, limit)) - live[key, default: 0])
        live[key, default: 0] += starting
        condition.unlock()
        guard starting > 0 else { return }
        _ = Self.shutDownAtExit
        for _ in 0..<starting {
            guard let connection = try? DecoderConnection.start(executable: executable, childProgram: childProgram) else {
                release(key)
                continue
            }
            condition.lock()
            idle[key, default: []].append(connection)
            returns += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Takes back a server that answered properly; more than `keep` idle ones are stopped.
    package func giveBack(_ connection: DecoderConnection, executable: String, childProgram: String?, keep: Int) {
        let key = Self.key(executable, childProgram)
        let id = ObjectIdentifier(connection)
        condition.lock()
        guard let count = lent[id]?.borrowers else {
            // Stopped meanwhile by its other borrower, which freed its place.
            condition.unlock()
            return
        }
        var kept = true
        if count == 2 {
            lent[id]?.borrowers = 1
            lentOnce[key, default: []].append(connection)
        } else {
            lent[id] = nil
            lentOnce[key]?.removeAll { $0 === connection }
            kept = idle[key, default: []].count < keep
            if kept { idle[key, default: []].append(connection) }
        }
        if kept {
            returns += 1
            condition.broadcast()
        }
        condition.unlock()
        if !kept {
            connection.stop()
            release(key)
        }
    }

    /// Stops a lent server that failed (or is not wanted) and frees its place, once: its
    /// other borrower, if any, finds it stopped and discards it too.
    package func discard(_ connection: DecoderConnection, executable: String, childProgram: String?) {
        connection.stop()
        let key = Self.key(executable, childProgram)
        condition.lock()
        let wasLent = lent.removeValue(forKey: ObjectIdentifier(connection)) != nil
        lentOnce[key]?.removeAll { $0 === connection }
        condition.unlock()
        if wasLent { release(key) }
    }

    /// How many servers of this kind live (for tests).
    package func liveCount(executable: String, childProgram: String?) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return live[Self.key(executable, childProgram), default: 0]
    }

    /// How many servers of this kind are lent to two borrowers at once (for tests).
    package func sharedCount(executable: String, childProgram: String?) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let key = Self.key(executable, childProgram)
        return lent.values.filter { $0.key == key && $0.borrowers == 2 }.count
    }

    private func release(_ key: String) {
        condition.lock()
        live[key, default: 1] -= 1
        returns += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Idle servers would end by themselves when Drover's end of their socket closes, but
    /// unreaped: their CPU time (and their children's) would be missing from Drover's
    /// RUSAGE_CHILDREN, which `time` and the benchmarks read. So they are ended and
    /// reaped at exit.
    private static let shutDownAtExit: Void = {
        atexit { DecoderServerPool.shared.shutDown() }
    }()

    /// Ends every idle server and reaps it (waiting up to a second in all). All are told
    /// first, so that they end side by side.
    package func shutDown() {
        condition.lock()
        let servers = idle.values.flatMap { $0 }
        for (key, connections) in idle { live[key, default: 0] -= connections.count }
        idle = [:]
        condition.unlock()
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        for server in servers { server.hangUp() }
        for server in servers { server.finish(deadline: deadline) }
    }

    private static func key(_ executable: String, _ childProgram: String?) -> String {
        executable + "\u{0}" + (childProgram ?? "")
    }
}
