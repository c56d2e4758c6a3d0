// JPEG entry points (CJPEG's entry_point.h): the search the background scan's child runs over
// a JPEG's scan, and the viewer child's decode from an entry point, which makes a JPEG of its
// own from the file's bytes. Any bytes are taken as a JPEG file. Beyond "no crash, no hang, no
// huge allocation": where the decode on one thread gives pixels, a decode on two threads from
// the entry point found, and from one made wrong with the input's last bytes, gives the same
// pixels (a wrong entry point is found out and not used). Where one thread refuses the data,
// two may not: libjpeg-turbo checks a code only off its fast path, which it takes by how many
// bytes its buffer holds, and the made-up JPEG's bytes reach it in other pieces (entry_point.h).
import Foundation
import FuzzDriver
@testable import DecoderKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0, let file = MemoryFile(UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
    defer { close(file.descriptor) }
    // Any size: the search itself is what is fuzzed here, not the background scan's threshold.
    guard let found = JPEGEntryPoint.find(descriptor: file.descriptor, minimumPixels: 0) else { return 0 }
    precondition(found.row >= 1 && (0...7).contains(found.bit) && (1...4).contains(found.dc.count), "entry point out of range: \(found.text)")
    let twist = Int(data[size - 1])
    let wrong = JPEGEntryPoint(row: found.row + (twist & 1), byte: found.byte + (twist >> 1 & 3), bit: (found.bit + (twist >> 3 & 7)) % 8,
                               dc: found.dc.map { $0 + (twist >> 6) })
    // The decoder is handed the file's first bytes as read already (as `Pixbuf.load` reads
    // them), as many as the input's second-to-last byte says: the scan may start in them.
    let prefixLength = min(size - 1, Int(data[max(0, size - 2)]) * 16 + 4)
    let one = decoded(file, prefixLength: prefixLength, entryPoint: nil, onTwoThreads: false)
    for entryPoint in [found, wrong].compactMap({ $0 }) {
        let two = decoded(file, prefixLength: prefixLength, entryPoint: entryPoint, onTwoThreads: true)
        precondition(one == nil || two == one, "the decode from \(entryPoint.text) differs")
    }
    return 0
}

/// The pixels `JPEGDecoder` decodes from `file` (to fit 256×256: the fuzzer's inputs
/// are), or nil when it refused them, after `prefixLength` bytes were read from it.
private func decoded(_ file: MemoryFile, prefixLength: Int, entryPoint: JPEGEntryPoint?, onTwoThreads: Bool) -> [UInt8]? {
    guard lseek(file.descriptor, off_t(prefixLength), SEEK_SET) == off_t(prefixLength) else { fatalError("memfd seek") }
    guard let (picture, _) = try? JPEGDecoder.decode(descriptor: file.descriptor, prefix: Array(file.bytes.prefix(prefixLength)),
                                                     fittingBox: 256, maxPixels: 4_000_000, onTwoThreads: onTwoThreads,
                                                     entryPoint: entryPoint) else { return nil }
    guard let output = MemoryFile([UInt8]()) else { fatalError("memfd") }
    defer { close(output.descriptor) }
    precondition(PixelsFile.write(picture, to: dup(output.descriptor)) == 0)
    return PixelsFile.read(descriptor: output.descriptor, largestSide: 256)?.pixels ?? []
}

/// Bytes in a file of no name (made and unlinked at once), as a decode child's image is a file
/// it was given. (Swift's Glibc module has no memfd_create.)
private struct MemoryFile {
    let descriptor: Int32
    let bytes: [UInt8]

    init?(_ bytes: some Collection<UInt8>) {
        var template = Array("/tmp/drover-fuzz-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        self.bytes = Array(bytes)
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let written = self.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == self.bytes.count else { close(descriptor); return nil }
    }
}

@_cdecl("FuzzJPEGEntry_main")
public func fuzzJPEGEntryMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzJPEGEntry)
}
