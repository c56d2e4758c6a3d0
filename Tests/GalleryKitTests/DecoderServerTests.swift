import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// The decoder server (`drover-decode --serve`) forks a limited child per image; Drover
/// replaces a server that dies, talks nonsense or goes quiet, and no such failure hangs
/// an import or reaches the next image.
@Suite struct DecoderServerTests {
    @Test func aFineChildsAnswerComesThroughTheServer() throws {
        let temp = try TemporaryDirectory()
        let answering = try temp.script(named: "answer", "echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits())

        #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path) == PixelSize(width: 64, height: 48))
    }

    /// A child that found the data damaged names the kind; a kind Drover does not know is
    /// the decoder's failure, not a guess.
    @Test func aDamagedAnswerNamesTheDamage() throws {
        let temp = try TemporaryDirectory()
        let answers = ["fail damaged early Premature end of JPEG file": ImportFailureReason.damaged(.endsEarly, detail: "Premature end of JPEG file"),
                       "fail damaged corrupt Corrupt JPEG data: bad Huffman code": .damaged(.corrupt, detail: "Corrupt JPEG data: bad Huffman code")]
        for (index, (line, reason)) in answers.sorted(by: { $0.key < $1.key }).enumerated() {
            let failing = try temp.script(named: "damaged-\(index)", "echo '\(line)'; exit 1")
            #expect(throws: reason) {
                _ = try DecoderProcess(childProgram: failing, limits: ImportLimits()).makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
            }
        }
        let unknown = try temp.script(named: "unknown", "echo 'fail damaged scorched Burnt'; exit 1")
        #expect {
            _ = try DecoderProcess(childProgram: unknown, limits: ImportLimits()).makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
        } throws: { error in
            if case .decoderFailed = error as? ImportFailureReason { true } else { false }
        }
    }

    @Test func aChildOverItsCPUBudgetIsKilledAndTheImageIsTooComplex() throws {
        let temp = try TemporaryDirectory()
        // The server sets the limits before it runs the stand-in, as the built-in decode does.
        let spinning = try temp.script(named: "spin", "while :; do :; done")
        let decoder = DecoderProcess(childProgram: spinning, limits: ImportLimits(decodeCPUSeconds: 1))

        #expect(throws: ImportFailureReason.tooComplexToDecode(seconds: 1)) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
        }
    }

    @Test func aServerKilledMidJobFailsThatImageOnlyAndItsChildDiesWithIt() throws {
        let temp = try TemporaryDirectory()
        // A child that would outlive the test by far, with a command line no other test
        // (nor another run of this one) uses.
        let seconds = String(Int.random(in: 100_000...999_999))
        let sleeping = try temp.script(named: "sleep", "exec sleep \(seconds)")
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
        let answering = try temp.script(named: "answer", "echo 'ok 64 48'")
        let pool = DecoderServerPool.shared
        let first = try pool.borrow(executable: DecoderProcess.installedExecutable, childProgram: answering,
                                    limit: 4, waitSeconds: 10)
        _ = try first.run(["in.jpg"], wallSeconds: 10, answerWithin: 20)
        pool.giveBack(first, executable: DecoderProcess.installedExecutable, childProgram: answering, keep: 4)
        // Killed while idle (out of memory, say): nobody is waiting for it.
        #expect(kill(first.pid, SIGKILL) == 0)
        #expect(waitUntil { !first.isIdleAndAlive })

        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits())
        #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path) == PixelSize(width: 64, height: 48))
    }

    @Test func aServerThatAnswersNonsenseIsStopped() throws {
        let temp = try TemporaryDirectory()
        let seconds = String(Int.random(in: 100_000...999_999))
        let talking = try temp.script(named: "talk", "echo 'hello, this is not an answer'; exec sleep \(seconds)")
        let decoder = DecoderProcess(executable: talking, limits: ImportLimits())

        #expect(throws: ImportFailureReason.decoderFailed(detail: "its server gave an answer Drover cannot read")) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
        }
        #expect(waitForNoProcess { $0 == ["sleep", seconds] }, "the server is gone")
    }

    @Test func aServerThatSaysMoreThanItWasAskedIsStopped() throws {
        let temp = try TemporaryDirectory()
        let seconds = String(Int.random(in: 100_000...999_999))
        // A whole answer, then bytes no request asked for.
        let chatty = try temp.script(named: "chatty", "printf 'exited 0 0.1 0 9 0\\nok 64 48\\nmore'; exec sleep \(seconds)")
        let decoder = DecoderProcess(executable: chatty, limits: ImportLimits())

        #expect(throws: ImportFailureReason.decoderFailed(detail: "its server gave an answer Drover cannot read")) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
        }
        #expect(waitForNoProcess { $0 == ["sleep", seconds] }, "the server is gone")
    }

    @Test func aServerThatNeverAnswersIsStoppedAfterTheBudgetAndAMargin() throws {
        let temp = try TemporaryDirectory()
        let silent = try temp.script(named: "silent", "exec sleep 600")
        let decoder = DecoderProcess(executable: silent, limits: ImportLimits(decodeWallSeconds: 1))

        #expect(throws: ImportFailureReason.decoderFailed(detail: "its server did not answer within 3 s")) {
            _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
        }
    }

    @Test func noMoreServersLiveThanTheImportConcurrencyHowEverManyDecodeAtOnce() throws {
        let temp = try TemporaryDirectory()
        // Each child notes its server (its parent) and stays a moment, so the decodes overlap.
        let servers = temp.file("servers").path
        let noting = try temp.script(named: "note", "echo $PPID >> '\(servers)'; sleep 0.3; echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: noting, limits: ImportLimits(concurrency: 2))
        let succeeded = Outcome()

        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let size = try? decoder.makeThumbnail(of: "in.jpg", to: temp.file("out\(index).png").path)
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
        let answering = try temp.script(named: "answer", "echo 'ok 64 48'")
        let decoder = DecoderProcess(childProgram: answering, limits: ImportLimits(concurrency: 2, decodeWallSeconds: 5))
        let pool = DecoderServerPool.shared

        decoder.prewarmServers(for: 5)
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2, "never more than the limit")
        decoder.prewarmServers(for: 1)
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2, "none added beside live ones")
        // With both places taken, a decode gets a server only if the prewarmed ones are idle in the pool.
        for index in 0..<3 {
            #expect(try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out\(index).png").path)
                    == PixelSize(width: 64, height: 48))
        }
        #expect(pool.liveCount(executable: decoder.executable, childProgram: answering) == 2)
    }

    @Test func aBorrowerBeyondTheLimitWaitsUntilCancelledOrUntilNoServerCameBackInTime() throws {
        let temp = try TemporaryDirectory()
        let answering = try temp.script(named: "answer", "echo 'ok 64 48'")
        let pool = DecoderServerPool.shared
        let executable = DecoderProcess.installedExecutable
        // The one server, lent to a first borrower and then to a second (whose request would wait behind).
        let held = try pool.borrow(executable: executable, childProgram: answering, limit: 1, waitSeconds: 10)
        defer { pool.discard(held, executable: executable, childProgram: answering) }
        #expect(try pool.borrow(executable: executable, childProgram: answering, limit: 1, waitSeconds: 10) === held)

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

    @Test func twoBorrowersShareABusyServerAndEachGetsItsOwnAnswer() throws {
        let temp = try TemporaryDirectory()
        // Answers with the input's name as the width, after a moment, so requests queue up.
        let echoing = try temp.script(named: "echo", """
            for argument; do input=$output; output=$argument; done
            sleep 0.1; echo "ok $(basename "$input") 48"
            """)
        let decoder = DecoderProcess(childProgram: echoing, limits: ImportLimits(concurrency: 1))
        let pool = DecoderServerPool.shared
        let wrong = Outcome()
        let decodes = DispatchGroup()

        // A thread each (concurrentPerform may run them one by one when the test pool is busy).
        for index in 0..<6 {
            decodes.enter()
            Thread.detachNewThread {
                let size = try? decoder.makeThumbnail(of: "\(index + 1)", to: temp.file("out\(index).png").path)
                if size != PixelSize(width: index + 1, height: 48) {
                    wrong.set(ImportFailureReason.decoderFailed(detail: "decode \(index): \(String(describing: size))"))
                }
                decodes.leave()
            }
        }
        #expect(waitUntil { pool.sharedCount(executable: decoder.executable, childProgram: echoing) == 1 },
                "a second request waits in the busy server")
        #expect(decodes.wait(timeout: .now() + 60) == .success)

        #expect(wrong.value == nil, "every decode got its own answer")
        #expect(pool.liveCount(executable: decoder.executable, childProgram: echoing) == 1)
        // A waiting request must not wake the server while it watches a decode (it did: it
        // took the readable socket for a hang-up to check, over and over).
        let server = try #require(waitForProcess { $0.contains("--child") && $0.contains(echoing) })
        #expect(try cpuSeconds(of: server) < 0.25, "the server slept while requests waited")
    }

    @Test func aRequestWaitingBehindOneWhoseServerDiesGoesToAnotherServer() throws {
        let temp = try TemporaryDirectory()
        // For the input "die", the child kills its server once the test says so (the file "go"
        // appears, within 30 s), with the next request waiting behind it.
        let go = temp.file("go").path
        let dying = try temp.script(named: "die", """
            for argument; do input=$output; output=$argument; done
            if [ "$input" = die ]; then
                for i in $(seq 300); do [ -e '\(go)' ] && break; sleep 0.1; done
                kill -9 $PPID; sleep 600
            fi
            echo 'ok 64 48'
            """)
        let decoder = DecoderProcess(childProgram: dying, limits: ImportLimits(concurrency: 1, decodeWallSeconds: 600))
        let pool = DecoderServerPool.shared
        let first = BackgroundDecode(decoder, input: "die", output: temp.file("die.png").path)
        #expect(waitForProcess { $0.count > 2 && $0[1] == dying && $0.contains("die") } != nil, "the first decode runs")
        let second = BackgroundDecode(decoder, input: "fine", output: temp.file("fine.png").path)
        #expect(waitUntil { pool.sharedCount(executable: decoder.executable, childProgram: dying) == 1 },
                "the second shares the busy server")
        #expect(FileManager.default.createFile(atPath: go, contents: nil))

        #expect(first.finished(within: 60) && second.finished(within: 60), "neither is left waiting")
        #expect(first.failure == .decoderFailed(detail: "its server stopped with signal 9, Killed"))
        #expect(second.failure == nil, "the waiting image was decoded by a new server")
    }

    @Test func aServerThatFailsFreesItsPlaceForTheNext() throws {
        let temp = try TemporaryDirectory()
        let silent = try temp.script(named: "silent", "exec sleep 600")
        let decoder = DecoderProcess(executable: silent, limits: ImportLimits(concurrency: 1, decodeWallSeconds: 1))

        for _ in 0..<2 {
            #expect(throws: ImportFailureReason.decoderFailed(detail: "its server did not answer within 3 s")) {
                _ = try decoder.makeThumbnail(of: "in.jpg", to: temp.file("out.png").path)
            }
        }
        #expect(DecoderServerPool.shared.liveCount(executable: silent, childProgram: nil) == 0)
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

        init(_ decoder: DecoderProcess, input: String = "in.jpg", output: String) {
            Thread.detachNewThread { [outcome, done] in
                do {
                    _ = try decoder.makeThumbnail(of: input, to: output)
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

    /// User plus system CPU time a live process has used, from /proc.
    private func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// An executable shell script standing in for a decoder or a server.

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
