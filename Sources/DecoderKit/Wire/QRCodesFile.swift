import Foundation

/// The QR codes a decode child found (`drover-decode --qr`, the background scan's decode):
/// zbar runs in the child, over the pixels it decoded, so neither the image nor the codes'
/// modules are parsed in Drover. With them, for a large JPEG, where a second decoder can start
/// its scan (`JPEGEntryPoint`), found by the same child. Text, one line each:
///
///     scanned W H                                the size of the copy zbar scanned
///     code X1 Y1 X2 Y2 X3 Y3 X4 Y4 HEX           a code's four corners and its bytes
///     entry ROW BYTE BIT DC…                     the entry point, at most once, last
///
/// Drover reads it as it reads anything a child wrote: every number checked, at most
/// `maxCodes` codes of at most `maxTextBytes` bytes each.
package enum QRCodesFile {
    package static let maxCodes = 256
    /// A QR code holds at most 2,953 bytes (version 40, binary, level L).
    package static let maxTextBytes = 2_953

    package struct Scan: Equatable {
        package var scanned: PixelSize
        package var codes: [ZBarSymbol]
        package var entryPoint: JPEGEntryPoint?

        package init(scanned: PixelSize, codes: [ZBarSymbol], entryPoint: JPEGEntryPoint? = nil) {
            (self.scanned, self.codes, self.entryPoint) = (scanned, codes, entryPoint)
        }
    }

    /// Writes the scan to `descriptor` and closes it. Returns 0, or the errno.
    package static func write(_ scan: Scan, to descriptor: Int32) -> Int32 {
        defer { close(descriptor) }
        var text = "scanned \(scan.scanned.width) \(scan.scanned.height)\n"
        for code in scan.codes.prefix(maxCodes) where code.points.count == 4 {
            let corners = code.points.map { "\($0.x) \($0.y)" }.joined(separator: " ")
            let hex = HexText.encode(code.text.utf8.prefix(maxTextBytes))
            text += "code \(corners) \(hex)\n"
        }
        if let entryPoint = scan.entryPoint { text += "entry \(entryPoint.text)\n" }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return 0
    }

    /// The scan in `bytes`, or nil unless every line is as above, the scanned size is within
    /// `largestSide`, and every corner lies within the scanned size.
    package static func read(_ bytes: [UInt8], largestSide: Int) -> Scan? {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var entryPoint: JPEGEntryPoint?
        if lines.count >= 3, lines[lines.count - 2].hasPrefix("entry ") {
            guard let entry = JPEGEntryPoint(text: lines[lines.count - 2].dropFirst("entry ".count)) else { return nil }
            entryPoint = entry
            lines.remove(at: lines.count - 2)
        }
        guard lines.last == "", lines.count - 2 <= maxCodes, let first = lines.first else { return nil }
        let head = first.split(separator: " ")
        guard head.count == 3, head[0] == "scanned", let width = Int(head[1]), let height = Int(head[2]),
              (1...largestSide).contains(width), (1...largestSide).contains(height) else { return nil }
        var codes: [ZBarSymbol] = []
        for line in lines.dropFirst().dropLast() {
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 10, words[0] == "code" else { return nil }
            let numbers = words[1...8].compactMap { Int($0) }
            guard numbers.count == 8 else { return nil }
            let points = stride(from: 0, to: 8, by: 2).map { PixelCorner(x: numbers[$0], y: numbers[$0 + 1]) }
            guard points.allSatisfy({ (0...width).contains($0.x) && (0...height).contains($0.y) }),
                  let text = HexText.decode(words[9]), text.count <= maxTextBytes else { return nil }
            codes.append(ZBarSymbol(text: String(decoding: text, as: UTF8.self), points: points))
        }
        return Scan(scanned: PixelSize(width: width, height: height), codes: codes, entryPoint: entryPoint)
    }
}
