// The client side of the drover-decode wire: DecoderClient runs a decode on a server, through
// Drover's end of each decoder server
// (DecoderConnection) and the servers an import borrows (DecoderServerPool). The server and
// the child it forks per image are in Server/, the bytes between them in Wire/, the decode
// itself in Decode/. What a decode's ending means for an import (its failure reasons, its
// limits) is GalleryKit's DecoderProcess.

import Foundation

/// Runs decodes on `drover-decode` servers (`DecoderServerPool`): one server program (and
/// the stand-in child program tests give it), at most `concurrency` servers of that kind,
/// and a cancellation that stops a wait for a server. Blocking.
package struct DecoderClient: Sendable {
    package let executable: String
    /// A program each decode child runs instead of the built-in decode; nil for the real one.
    package let childProgram: String?
    package let concurrency: Int
    package let cancellation: (any DecoderCancellation)?

    package init(executable: String = DecoderClient.installedExecutable, childProgram: String? = nil,
                 concurrency: Int, cancellation: (any DecoderCancellation)? = nil) {
        self.executable = executable
        self.childProgram = childProgram
        self.concurrency = concurrency
        self.cancellation = cancellation
    }

    /// Where `drover-decode` is: installed, `PREFIX/libexec/drover/drover-decode` for
    /// `PREFIX/bin/drover` (meson.build and the package put it there); else beside the
    /// running executable, which is the build folder for `drover` and the test bundle alike.
    package static let installedExecutable: String = {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "drover"
        let folder = (running as NSString).deletingLastPathComponent
        let installed = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("libexec/drover/drover-decode")
        if access(installed, X_OK) == 0 { return installed }
        return (folder as NSString).appendingPathComponent("drover-decode")
    }()

    /// Why a decode got no answer: the work was cancelled while it waited for a server, or
    /// the servers failed (never the image's fault: the image is only read in a child).
    package enum Failure: Error, Equatable {
        case cancelled
        case failed(detail: String)
    }

    /// Starts the servers that `count` decodes will use (at most `concurrency`) ahead of
    /// them (see `DecoderServerPool.prewarm`).
    package func prewarm(for count: Int) {
        DecoderServerPool.shared.prewarm(executable: executable, childProgram: childProgram, count: count,
                                         limit: concurrency)
    }

    /// Has a server run the child with these arguments, within `wallSeconds`, and report how
    /// it ended within `answerWithin` seconds. Blocking: waits behind the decode a shared
    /// server is running, or for a server when all `concurrency` are shared already (see
    /// `DecoderServerPool`).
    package func run(_ arguments: [String], wallSeconds: Int, answerWithin seconds: Int) throws(Failure) -> DecoderFinished {
        // A server that stops while this request waits behind another's (see
        // `DecoderServerPool`) failed that other image, not this one: it goes to another
        // server. Once: a second such stop is reported.
        if let finished = try runOnce(arguments, wallSeconds: wallSeconds, answerWithin: seconds, mayRetry: true) {
            return finished
        }
        return try runOnce(arguments, wallSeconds: wallSeconds, answerWithin: seconds, mayRetry: false)!
    }

    /// One server's try; nil (when `mayRetry`) if it stopped before this request's turn.
    private func runOnce(_ arguments: [String], wallSeconds: Int, answerWithin seconds: Int,
                         mayRetry: Bool) throws(Failure) -> DecoderFinished? {
        let pool = DecoderServerPool.shared
        let server: DecoderConnection
        do {
            server = try pool.borrow(executable: executable, childProgram: childProgram, limit: concurrency,
                                     waitSeconds: seconds, cancellation: cancellation)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .start(let failure): throw .failed(detail: failure.detail)
            case .noneFree(let seconds): throw .failed(detail: "no decoder server became free within \(seconds) s")
            }
        }
        do {
            let finished = try server.run(arguments, wallSeconds: wallSeconds, answerWithin: seconds)
            pool.giveBack(server, executable: executable, childProgram: childProgram, keep: concurrency)
            return finished
        } catch {
            // The server is stopped; the next image gets a new one.
            pool.discard(server, executable: executable, childProgram: childProgram)
            if error == .stoppedBeforeItsTurn && mayRetry { return nil }
            throw .failed(detail: error.detail)
        }
    }
}

/// How a decode child ended, with what it said, as its server reported it.
package struct DecoderFinished {
    package typealias Ending = ChildEnding
    package var ending: Ending
    /// User plus system CPU time the child used.
    package var cpuSeconds: Double
    /// The server killed it at the wall-clock budget.
    package var timedOut: Bool
    package var output: String
    package var errors: String

    package init(ending: Ending, cpuSeconds: Double, timedOut: Bool, output: String, errors: String) {
        self.ending = ending
        self.cpuSeconds = cpuSeconds
        self.timedOut = timedOut
        self.output = output
        self.errors = errors
    }
}

/// Says that the work a decode was for is cancelled: a borrower still waiting for a server
/// gives up (GalleryKit's ImportCancellation is one).
package protocol DecoderCancellation: Sendable {
    var isCancelled: Bool { get }
}
