import Foundation
import GtkKit
import Localization

Localization.start(directory: LocaleFiles.directory)

// The arguments as the system gave them: a file name need not be valid text.
let rawArguments = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
}
let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
// Help wins over every other option, in any combination (`--import-only --help` too).
if CommandLineOptions.asksForHelp(arguments) {
    print(CommandLineOptions.usage)
    exit(0)
}
if arguments.contains("--version") {
    print("drover \(DroverVersion.number)")
    exit(0)
}
if arguments.contains("--sandbox-report") {
    exit(SandboxReport.run())
}
// `--import-only` imports without a window (for scripts and scale tests);
// everything else runs the single-instance GTK application.
if arguments.contains("--import-only") {
    exit(HeadlessImport.run(rawArguments: rawArguments))
}
let status = MainActor.assumeIsolated { DroverApplication().run() }
// What this run's drags and copies handed out is no longer offered by anyone.
LeavingFiles.removeThisRun()
exit(status)
