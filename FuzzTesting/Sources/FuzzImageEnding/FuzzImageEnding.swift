// Image completeness checks and format sniffing: every format's structural check runs on
// the same bytes, whatever they start with, so a file that claims one format but holds
// another is covered too, and so does the 16-bit CMYK TIFF test. Each must end (no hang,
// no trap) on any input, and the sniffing check must agree with checking the sniffed format.
import FuzzDriver
@testable import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageEnding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    for format in ImageFormat.allCases {
        _ = ImageCompleteness.check(bytes, format: format)
    }
    if let format = ImageFormat.sniff(bytes) {
        precondition(ImageCompleteness.check(bytes) == ImageCompleteness.check(bytes, format: format),
                     "sniffing disagrees with checking \(format)")
    }
    _ = TIFFStructure.unsupportedVariant(ImageBytes(bytes))
    return 0
}

@_cdecl("FuzzImageEnding_main")
public func fuzzImageEndingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzImageEnding)
}
