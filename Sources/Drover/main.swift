import Foundation
import GtkKit
import Localization

Localization.start(directory: LocaleFiles.directory)

// `--import-only` imports without a window (for scripts and scale tests);
// everything else runs the single-instance GTK application.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--version") {
    print("drover \(DroverVersion.number)")
    exit(0)
}
if arguments.contains("--sandbox-report") {
    exit(SandboxReport.run())
}
if arguments.contains("--import-only") {
    exit(HeadlessImport.run(arguments: arguments))
}
let status = MainActor.assumeIsolated { DroverApplication().run() }
exit(status)
