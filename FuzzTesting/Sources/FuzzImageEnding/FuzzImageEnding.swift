// Image completeness checks: every format's check runs on the same bytes, whatever they
// start with, so a file that claims one format but holds another is covered too. The
// check must end (no hang, no trap) on any input.
import FuzzDriver
@testable import GalleryKit
import Foundation

/// The formats gdk-pixbuf names; today only "jpeg" and "png" are checked, the rest pass.
let formats = ["jpeg", "png", "gif", "bmp", "webp", "tiff"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageEnding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: data), count: size, deallocator: .none)
    for format in formats {
        // The one call to change when the check's API changes.
        _ = ImageFileEnding.isComplete(bytes, format: format)
    }
    return 0
}

@_cdecl("FuzzImageEnding_main")
public func fuzzImageEndingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzImageEnding)
}
