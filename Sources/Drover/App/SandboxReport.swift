import DecoderKit
import Foundation

/// `drover --sandbox-report`: which layers confine the decoding of untrusted images on this
/// machine, as `drover-decode --sandbox-report` finds them by confining a child the way every
/// decode child is confined (DecoderKit's DecoderSandbox; docs/sandbox.md).
enum SandboxReport {
    static func run() -> Int32 {
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: DecoderClient.installedExecutable)
        helper.arguments = ["--sandbox-report"]
        do {
            try helper.run()
        } catch {
            FileHandle.standardError.write(Data("drover: \(DecoderClient.installedExecutable) cannot be started: \(error)\n".utf8))
            return 1
        }
        // The helper bounds its own check to 5 s; this wait is bounded too.
        let deadline = Date().addingTimeInterval(15)
        while helper.isRunning && Date() < deadline { usleep(10_000) }
        if helper.isRunning {
            kill(helper.processIdentifier, SIGKILL)
            FileHandle.standardError.write(Data("drover: the sandbox check did not finish\n".utf8))
            return 1
        }
        return helper.terminationStatus
    }
}
