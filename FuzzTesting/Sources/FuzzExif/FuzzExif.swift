// EXIF reader: any bytes (a JPEG, PNG, WebP, HEIF or TIFF, anything a drop delivers) go
// through the decode child's reader (DecoderKit's ExifReader: the container walker, libexif,
// the GPS, date and orientation readers). What it returns must keep the reader's promises
// (a position in range and not the 0/0 of a camera without a fix, a date in the years the
// parser accepts), and must cross the wire to Drover unchanged (`ExifAnswer`). The same
// bytes, taken as a child's answer, must never crash Drover's reader of it.
import FuzzDriver
@testable import DecoderKit
@testable import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let read = ExifReader.read(bytes: bytes)
    if let orientation = read.orientationNotAppliedByLoader {
        precondition((1...8).contains(orientation), "orientation \(orientation) was returned")
    }
    if let date = read.metadata.dateTaken {
        precondition((1826...2200).contains(date.year), "date \(date) was returned")
    }
    if case .found(let position) = read.metadata.place {
        precondition(abs(position.latitude) <= 90 && abs(position.longitude) <= 180, "an invalid position was returned: \(position)")
        precondition(position.latitude != 0 || position.longitude != 0, "0/0 was returned")
        if let altitude = position.altitude {
            precondition((-12_000...100_000).contains(altitude), "altitude \(altitude) was returned")
        }
    }
    // What a child writes, Drover reads back as it was (texts cut to the answer's limit).
    let answer = ExifAnswer.lines(read.metadata)
    let lines = answer.split(separator: "\n", omittingEmptySubsequences: true).map { Substring($0) }
    precondition(ExifAnswer.read(lines) != nil, "the reader's own answer was refused: \(answer)")
    // A compromised child's answer: any bytes.
    _ = ExifAnswer.read(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { Substring($0) })
    return 0
}

@_cdecl("FuzzExif_main")
public func fuzzExifMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzExif)
}
