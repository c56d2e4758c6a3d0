import Foundation
import Testing
@testable import GalleryKit

/// The decoder server (`drover-decode --serve`) forks a limited child per image; Drover
/// replaces a server that dies, talks nonsense or goes quiet, and no such failure hangs
/// an import or reaches the next image.
@Suite struct DecoderServerTests {
    @Test func aFineChildsAnswerComesThroughTheServer() throws {
        let temp = try TemporaryDirectory()
        let answering = try script(in: temp, named: "answer", "echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits())

        #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil) == PixelSize(width: 64, height: 48))
    }

    @Test func aChildOverItsCPUBudgetIsKilledAndTheImageIsTooComplex() throws {
        let temp = try TemporaryDirectory()
        // The server sets the limits before it runs the stand-in, as the built-in decode does.
        let spinning = try script(in: temp, named: "spin", "while :; do :; done")
        let decoder = DecoderProcess(childProgram: spinning, limits: ImportLimits(decodeCPUSeconds: 1))

        #expect(throws: ImportFailureReason.tooComplexToDecode(seconds: 1)) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil)
        }
    }

    @Test func aServerKilledMidJobFailsThatImageOnlyAndItsChildDiesWithIt() throws {
        let temp = try TemporaryDirectory()
        // A child that would outlive the test by far, with a command line no other test
        // (nor another run of this one) uses.
        let seconds = String(Int.random(in: 100_000...999_999))
        let sleeping = try script(in: temp, named: "sleep", "exec sleep \(seconds)")
        let decoder = DecoderProcess(childProgram: sleeping, limits: ImportLimits(decodeWallSeconds: 600))
        let decode = BackgroundDecode(decoder, output: temp.file("out.png").path)
        // The child first (until it execs, it carries the server's command line too).
        #expect(waitForProcess { $0 == ["sleep", seconds] } != nil, "the child is running")
        let server = try #require(waitForProcess { $0.contains("--child") && $0.contains(sleeping) })
        #expect(kill(server, SIGKILL) == 0)

        #expect(decode.finished(within: 60), "the import is not left waiting")
        #expect(decode.failure == .decoderFailed(detail: "its server stopped with signal 9, Killed"))
        #expect(waitForNoProcess { $0 == ["sleep", seconds] }, "the kernel killed the orphaned child")
    }

    @Test func theNextImageAfterAServerDiedGetsANewServer() throws {
        let temp = try TemporaryDirectory()
        let answering = try script(in: temp, named: "answer", "echo 'ok 64 48'")
        let pool = DecoderServerPool.shared
        let first = try pool.borrow(executable: DecoderProcess.installedExecutable, childProgram: answering,
                                    limit: 4, waitSeconds: 10)
        _ = try first.run(["in.jpg"], wallSeconds: 10, answerWithin: 20)
        pool.giveBack(first, executable: DecoderProcess.installedExecutable, childProgram: answering, keep: 4)
        // Killed while idle (out of memory, say): nobody is waiting for it.
        #expect(kill(first.pid, SIGKILL) == 0)
        #expect(waitUntil { !first.isIdleAndAlive })

        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits())
        #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil) == PixelSize(width: 64, height: 48))
    }

    @Test func aServerThatAnswersNonsenseIsStopped() throws {
        let temp = try TemporaryDirectory()
        let seconds = String(Int.random(in: 100_000...999_999))
        let talking = try script(in: temp, named: "talk", "echo 'hello, this is not an answer'; exec sleep \(seconds)")
        let decoder = DecoderProcess(executable: talking, limits: ImportLimits())

        #expect(throws: ImportFailureReason.decoderFailed(detail: "its server gave an answer Drover cannot read")) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil)
        }
        #expect(waitForNoProcess { $0 == ["sleep", seconds] }, "the server is gone")
    }

    @Test func aServerThatNeverAnswersIsStoppedAfterTheBudgetAndAMargin() throws {
        let temp = try TemporaryDirectory()
        let silent = try script(in: temp, named: "silent", "exec sleep 600")
        let decoder = DecoderProcess(executable: silent, limits: ImportLimits(decodeWallSeconds: 1))

        #expect(throws: ImportFailureReason.decoderFailed(detail: "its server did not answer within 3 s")) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil)
        }
    }

    @Test func noMoreServersLiveThanTheImportConcurrencyHowEverManyDecodeAtOnce() throws {
        let temp = try TemporaryDirectory()
        // Each child notes its server (its parent) and stays a moment, so the decodes overlap.
        let servers = temp.file("servers").path
        let noting = try script(in: temp, named: "note", "echo $PPID >> '\(servers)'; sleep 0.3; echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: noting, limits: ImportLimits(concurrency: 2))
        let succeeded = Outcome()

        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let size = try? decoder.makeThumbnail(of: "in.jpg", to: temp.file("out\(index).png").path, fullSize: nil)
            if size != PixelSize(width: 64, height: 48) { succeeded.set(ImportFailureReason.decoderFailed(detail: "decode \(index)")) }
        }

        #expect(succeeded.value == nil, "every decode waited its turn and then succeeded")
        let parents = try String(contentsOfFile: servers, encoding: .utf8).split(separator: "\n")
        #expect(parents.count == 8)
        #expect(Set(parents).count <= 2, "servers: \(Set(parents))")
        #expect(DecoderServerPool.shared.liveCount(executable: decoder.executable, childProgram: noting) <= 2)
    }

    @Test func prewarmedServersStartIdleWithinTheLimitAndServeTheNextDecodes() throws {
        let temp = try TemporaryDirectory()
        let answering = try script(in: temp, named: "answer", "echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits(concurrency: 2, decodeWallSeconds: 5))
        let pool = DecoderServerPool.shared

        decoder.prewarmServers(for: 5)
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2, "never more than the limit")
        decoder.prewarmServers(for: 1)
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2, "none added beside live ones")
        // With both places taken, a decode gets a server only if the prewarmed ones are idle in the pool.
        for index in 0..<3 {
            #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out\(index).png").path, fullSize: nil)
                    == PixelSize(width: 64, height: 48))
        }
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2)
    }

    @Test func aBorrowerBeyondTheLimitWaitsUntilCancelledOrUntilNoServerCameBackInTime() throws {
        let temp = try TemporaryDirectory()
        let answering = try script(in: temp, named: "answer", "echo 'ok 64 48'")
        let pool = DecoderServerPool.shared
        let executable = DecoderProcess.installedExecutable
        let held = try pool.borrow(executable: executable, childProgram: answering, limit: 1, waitSeconds: 10)
        defer { pool.discard(held, executable: executable, childProgram: answering) }

        #expect(throws: DecoderServerPool.BorrowFailure.noneFree(seconds: 1)) {
            _ = try pool.borrow(executable: executable, childProgram: answering, limit: 1, waitSeconds: 1)
        }
        let cancellation = ImportCancellation()
        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits(concurrency: 1, decodeWallSeconds: 600),
                                     cancellation: cancellation)
        let decode = BackgroundDecode(decoder, output: temp.file("out.png").path)
        cancellation.cancel()
        #expect(decode.finished(within: 60), "the cancelled decode stops waiting")
        #expect(decode.failure == .cancelled)
    }

    @Test func aServerThatFailsFreesItsPlaceForTheNext() throws {
        let temp = try TemporaryDirectory()
        let silent = try script(in: temp, named: "silent", "exec sleep 600")
        let decoder = DecoderProcess(executable: silent, limits: ImportLimits(concurrency: 1, decodeWallSeconds: 1))

        for _ in 0..<2 {
            #expect(throws: ImportFailureReason.decoderFailed(detail: "its server did not answer within 3 s")) {
                _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path, fullSize: nil)
            }
        }
        #expect(DecoderServerPool.shared.liveCount(executable: silent, childProgram: nil) == 0)
    }

    @Test func theServerForksFromASingleThread() throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let server = try DecoderConnection.start(executable: DecoderProcess.installedExecutable, childProgram: nil)
        defer { server.stop() }
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 256, fullSize: nil,
                                            input: photo.path, output: temp.file("out.png").path)

        let finished = try server.run(request.arguments, wallSeconds: 60, answerWithin: 90)

        #expect(finished.ending == .exited(0))
        #expect(finished.output.hasPrefix("ok "), "\(finished.output) \(finished.errors)")
        let status = try String(contentsOfFile: "/proc/\(server.pid)/status", encoding: .utf8)
        #expect(status.split(separator: "\n").contains("Threads:\t1"), "after its warm-up and a decode")
    }

    @Test func answerLinesRoundTripAndNothingElseParses() {
        let line = DecoderWire.AnswerLine(ending: .signalled(24), cpuSeconds: 1.25, timedOut: true, outputLength: 3, errorsLength: 0)
        let text = String(decoding: DecoderWire.answerLine(line), as: UTF8.self)
        #expect(DecoderWire.parseAnswerLine(text.dropLast()) == line)
        for garbage in ["", "ok 64 48", "exited 0 0.1 0 1", "exited 300 0 0 0 0", "exited 0 -1 0 0 0 0", "exited 0 0 2 0 0",
                        "exited 0 0 0 99999999 0", "unstarted 0 0 0 0 0", "signalled 0 0 0 0 0"] {
            #expect(DecoderWire.parseAnswerLine(garbage[...]) == nil, "\(garbage)")
        }
        #expect(DecoderWire.parseRequest(["120", "--box", "256"])! == (120, ["--box", "256"]))
        #expect(DecoderWire.parseRequest(["soon"]) == nil)
    }

    // MARK: - Helpers

    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var error: ImportFailureReason?
        func set(_ error: Error?) { lock.withLock { self.error = error as? ImportFailureReason } }
        var value: ImportFailureReason? { lock.withLock { error } }
    }

    /// A thumbnail made on a thread of its own, so the test can act while the decode waits.
    private final class BackgroundDecode: Sendable {
        private let outcome = Outcome()
        private let done = DispatchSemaphore(value: 0)

        init(_ decoder: DecoderProcess, output: String) {
            Thread.detachNewThread { [outcome, done] in
                do {
                    _ = try decoder.makeThumbnail(of: "in.jpg", to: output, fullSize: nil)
                    outcome.set(nil)
                } catch {
                    outcome.set(error)
                }
                done.signal()
            }
        }

        /// Waits at most `seconds` for the decode to end; false if it did not.
        func finished(within seconds: Int) -> Bool { done.wait(timeout: .now() + .seconds(seconds)) == .success }
        /// Why the decode failed, or nil if it succeeded (or has not ended).
        var failure: ImportFailureReason? { outcome.value }
    }

    /// An executable shell script standing in for a decoder or a server.
    private func script(in temp: TemporaryDirectory, named name: String, _ body: String) throws -> String {
        let url = temp.file(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        #expect(chmod(url.path, 0o755) == 0)
        return url.path
    }

    /// Polls every 20 ms, for at most 30 s.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1500 {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }

    /// The first running process whose command line matches, waiting up to 30 s for one.
    private func waitForProcess(_ matches: ([String]) -> Bool) -> pid_t? {
        var found: pid_t?
        _ = waitUntil {
            found = Self.processes().first { matches($0.arguments) }?.pid
            return found != nil
        }
        return found
    }

    private func waitForNoProcess(_ matches: ([String]) -> Bool) -> Bool {
        waitUntil { !Self.processes().contains { matches($0.arguments) } }
    }

    /// Live processes (zombies left out) and their arguments, from /proc.
    private static func processes() -> [(pid: pid_t, arguments: [String])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z",
                  let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            return (pid, line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        }
    }
}
