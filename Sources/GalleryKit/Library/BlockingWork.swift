import CSystem
import Dispatch
import Foundation

/// Runs blocking work (file I/O, decoding) on GCD threads instead of the Swift
/// concurrency pool, whose few threads must never block, and never on the caller's thread.
///
/// At utility QoS, which libdispatch on Linux runs at nice 2: below the window's main
/// thread (nice 0), so that when both want a core the frames get the larger share (a weight,
/// not a strict priority: the file check's nice 19 is for work that must wait). At
/// user-initiated QoS it ran at nice -2 where it may (as root, which CI and the
/// benchmarks are) and at 0 otherwise: never below the main thread. The decoder servers
/// it starts inherit its nice value, and with them every decode child. Opens with a frame
/// gap over 50 ms, before and after: 10 and 3 of 34 at 100,000 photos, 4 and 2 of 6 at
/// 1,000,000 (docs/benchmarks.md, fourteenth pass).
enum BlockingWork {
    /// The QoS of the library's background work: this type's queues and the database's
    /// (`LibraryOpener`).
    static let qos = DispatchQoS.utility
    private static let queue = DispatchQueue(label: "app.drover.GalleryKit.blocking", qos: qos, attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Like `runOnOwnThread`, on a new thread of the lowest CPU priority (nice 19), which
    /// ends with the work: for long checks that must never take a core from the window's
    /// main thread or its thumbnail decodes (on a two-core machine they would otherwise).
    /// Linux keeps a nice value per thread, so the rest of the process is unaffected.
    static func runAtLowestPriority<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                _ = drover_nice_this_thread(19)
                continuation.resume(returning: work())
            }
            thread.name = "drover-file-check"
            thread.start()
        }
    }

    /// Like `run`, but on a thread of the work's own rather than one of the shared pool's,
    /// which on Linux are about one per core and are not added to while some block. For a
    /// caller that bounds how many it runs at once and whose work spends much of its time
    /// waiting (an import slot waiting for a decoder server while the next photos are
    /// copied), so that the waiting holds nothing else back.
    static func runOnOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            // A serial queue of its own is served by a thread that is made for it when no
            // idle one is at hand (libdispatch's "overcommit" queues).
            DispatchQueue(label: "app.drover.GalleryKit.own-thread", qos: qos).async {
                continuation.resume(returning: work())
            }
        }
    }
}
