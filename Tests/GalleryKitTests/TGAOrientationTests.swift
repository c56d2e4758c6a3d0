import Foundation
import ImageFormats
import TestSupport
import Testing
@testable import GalleryKit

/// A TGA names the corner its pixels start from (its descriptor byte's bits 5 and 4; TGA 2.0:
/// 00 is the bottom left). Issue 32 found a TGA "imported upside down": it was made by
/// ImageMagick 6.9.11 (`convert a.png a.tga`), which writes its top row first yet tags the
/// file bottom-left; ImageMagick's own reader takes the rows in file order and keeps the
/// corner only as metadata, so it shows the file "upright", and with `-auto-orient` it
/// agrees with gdk-pixbuf. gdk-pixbuf reads every corner as the format says: checked here
/// through the decode child, with files built to the specification.
struct TGAOrientationTests {
    /// A 2×2 uncompressed true-colour TGA whose picture has a red top row and a blue bottom
    /// row, with a green pixel at the top left, stored from the corner `descriptor` names.
    private func tga(descriptor: UInt8) -> [UInt8] {
        let (red, blue, green): ([UInt8], [UInt8], [UInt8]) = ([0, 0, 255], [255, 0, 0], [0, 255, 0])  // BGR
        var top = [green, red], bottom = [blue, blue]
        if descriptor & 0x10 != 0 { top.reverse(); bottom.reverse() }        // stored right to left
        let rows = descriptor & 0x20 != 0 ? [top, bottom] : [bottom, top]  // stored from the top or the bottom
        return [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, descriptor] + rows.flatMap { $0.flatMap { $0 } }
    }

    @Test func aTGAFromAnyCornerShowsUpright() async throws {
        let temp = try TemporaryDirectory()
        for descriptor: UInt8 in [0x00, 0x10, 0x20, 0x30] {
            let file = temp.file("corner-\(descriptor).tga")
            try Data(tga(descriptor: descriptor)).write(to: file)
            let image = try await DecodedImage.decode(fileAt: file, fittingBox: 16)
            let pixel = { (index: Int) in Array(image.pixels[index * image.channels ..< index * image.channels + 3]) }
            #expect(pixel(0) == [0, 255, 0], "descriptor \(descriptor): the top left is green")
            #expect(pixel(1) == [255, 0, 0], "descriptor \(descriptor): the top right is red")
            #expect(pixel(2) == [0, 0, 255] && pixel(3) == [0, 0, 255], "descriptor \(descriptor): the bottom row is blue")
        }
    }
}
