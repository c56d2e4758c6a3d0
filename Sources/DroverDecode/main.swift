// drover-decode: decodes untrusted images into thumbnails under CPU and memory limits,
// out of Drover's process, so no image can hang or exhaust Drover itself. Drover runs it
// as a server (`--serve`) that forks a limited child per image; run with a request's
// arguments, it decodes that one image itself. See DecoderKit's DecoderServer and
// DecoderHelper, and GalleryKit's DecoderProcess (Drover's side).
import Foundation
import DecoderKit

let arguments = Array(CommandLine.arguments.dropFirst())
#if DEBUG
// Test-only: the sandbox escape attempt (DecoderKitTests' SandboxTests).
if arguments.first == "--escape-test" {
    exit(SandboxEscapeProbe.main(arguments: Array(arguments.dropFirst())))
}
#endif
if arguments == ["--sandbox-report"] {
    exit(DecoderServer.sandboxReport())
}
if arguments.first == "--serve" {
    exit(DecoderServer.serve(arguments: Array(arguments.dropFirst())))
}
exit(DecoderHelper.main(arguments: arguments))
