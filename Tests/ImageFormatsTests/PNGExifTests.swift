import Foundation
import TestSupport
import Testing
@testable import ImageFormats

/// The PNG walker's inflation of ImageMagick's compressed raw EXIF profiles (zlib).
@Suite struct PNGExifTests {
    @Test func aZlibBombInARawProfileStopsAtTheLimit() throws {
        // The fixture's compressed profile inflates to about 600 bytes: a 100-byte limit refuses it.
        let png = [UInt8](try Data(contentsOf: Repository.fixture("gps-raw-profile.png")))
        let keyword = Array("Raw profile type exif".utf8) + [0, 0]
        let start = try #require((0..<png.count).first { png.matches(keyword, at: $0) }) + keyword.count
        let length = try #require(png.uint32(at: start - keyword.count - 8, bigEndian: true)) - keyword.count
        let compressed = Array(png[start..<start + length])
        #expect(PNGExif.inflate(compressed, limit: 100) == nil)
        #expect((PNGExif.inflate(compressed, limit: 10_000)?.count ?? 0) > 100)
        #expect(PNGExif.inflate(Array(compressed.prefix(length / 2)), limit: 10_000) == nil, "a cut stream")
    }
}
