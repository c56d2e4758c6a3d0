import Foundation
import TestSupport
import Testing
@testable import DecoderKit

/// Drover's end of a decoder server (`drover-decode --serve`) and the wire between them,
/// without the library: the import's use of them is GalleryKitTests' DecoderServerTests.
@Suite struct DecoderConnectionTests {
    @Test func theServerForksFromASingleThread() throws {
        let temp = try TemporaryDirectory()
        let photo = try TestImages.write(temp.file("fine.jpg"), width: 64, height: 48, format: .jpeg)
        let server = try DecoderConnection.start(executable: DecoderClient.installedExecutable, childProgram: nil)
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
}
