// drover-decode: decodes one untrusted image into a thumbnail under CPU and memory
// limits, in its own process, so no image can hang or exhaust Drover itself.
// Drover runs it for every import (see GalleryKit's DecoderHelper and DecoderProcess).
import Foundation
import GalleryKit

exit(DecoderHelper.main(arguments: Array(CommandLine.arguments.dropFirst())))
