// EXIF/GPS reader: any bytes (a JPEG, PNG, WebP, HEIF or TIFF, anything a drop delivers) go
// through Drover's container walker, libexif and Drover's GPS decoding, and through the
// orientation and date readers. A position that is returned must
// keep the reader's promises: in range, not the 0/0 of a camera without a fix; a date must be
// in the years the parser accepts.
import FuzzDriver
@testable import GalleryKit
@testable import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    silenceLogOnce
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = ExifLocationReader.read(bytes: bytes)
    if let orientation = ExifOrientation.notAppliedByLoader(bytes: bytes) {
        precondition((1...8).contains(orientation), "orientation \(orientation) was returned")
    }
    if let date = ExifDateReader.dateTaken(bytes: bytes) {
        // 1826–2200 local time, give or take a day of offset.
        precondition((-4_544_300_000...7_289_800_000).contains(date.timeIntervalSince1970), "date \(date) was returned")
    }
    if case .found(let location) = outcome {
        precondition(location.isValid, "an invalid position was returned: \(location)")
        precondition(location.latitude != 0 || location.longitude != 0, "0/0 was returned")
        if let altitude = location.altitude {
            precondition((-12_000...100_000).contains(altitude), "altitude \(altitude) was returned")
        }
    }
    return 0
}

/// Ignored tags are logged; a million log lines would only slow the fuzzer down.
let silenceLogOnce: Void = GalleryLog.setSink { _ in }

@_cdecl("FuzzExif_main")
public func fuzzExifMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzExif)
}
