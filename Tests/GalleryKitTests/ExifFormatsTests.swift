import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit
@testable import ImageFormats

/// EXIF beyond JPEG: GPS and orientation from HEIC, AVIF, PNG, TIFF and WebP.
///
/// The gps* fixtures were made with ImageMagick, heif-enc and exiftool (see
/// Fixtures/README.md): a 64×48 picture, Tokyo Tower's position at 40 m, orientation 6.
@Suite struct ExifFormatsTests {
    static let fixtures = ["gps.heic", "gps-exiftool.heic", "gps.avif", "gps.png", "gps-raw-profile.png", "gps.tif", "gps.webp"]

    static func expectTokyo(_ location: PhotoLocation?, _ name: String) {
        guard let location else {
            Issue.record("\(name): no location")
            return
        }
        #expect(abs(location.latitude - 35.6586) < 0.00001, "\(name)")
        #expect(abs(location.longitude - 139.7454) < 0.00001, "\(name)")
        #expect(abs((location.altitude ?? .nan) - 40) < 0.01, "\(name)")
    }

    @Test(arguments: fixtures)
    func gpsIsReadFromEveryFormat(name: String) async throws {
        let url = Repository.fixture(name)
        Self.expectTokyo(await PhotoLocation.read(fromFileAt: url), name)
        // The bytes entry point (for fuzzing), in this process, agrees with the child's answer.
        #expect(ExifReader.read(bytes: [UInt8](try Data(contentsOf: url))).metadata.place
                == PhotoExif.read(path: url.path).place)
    }

    /// The formats whose loaders ignore EXIF orientation get it from the reader; HEIF and
    /// AVIF never do (their own `irot` is the orientation); JPEG and TIFF loaders apply it.
    /// The child's answer says what every file's tag is.
    @Test func orientationIsLeftToTheDecoderOnlyForPNGAndWebP() throws {
        let expected: [String: Int?] = ["gps.png": 6, "gps-raw-profile.png": 6, "gps.webp": 6,
                                        "gps.heic": nil, "gps-exiftool.heic": nil, "gps.avif": nil, "gps.tif": nil]
        for (name, orientation) in expected {
            let bytes = [UInt8](try Data(contentsOf: Repository.fixture(name)))
            #expect(ExifReader.read(bytes: bytes).orientationNotAppliedByLoader == orientation, "\(name)")
            #expect(PhotoExif.read(path: Repository.fixture(name).path).orientation == 6, "\(name)")
        }
    }

    /// The HEIC position reaches the library row at import, and each format comes out
    /// with its upright size: PNG, WebP and TIFF turned by orientation 6, HEIF/AVIF not.
    @Test func importedFormatsKeepTheirLocationAndStandUpright() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let names = ["gps.heic", "gps.avif", "gps.png", "gps.tif", "gps.webp"]
        let report = try await library.importFiles(names.map(Repository.fixture))
        #expect(report.failures.isEmpty, "\(report.failures)")
        let photos = try await library.photos(withIDs: report.photoIDs)
        try #require(photos.count == names.count)
        let (landscape, portrait) = (PixelSize(width: 64, height: 48), PixelSize(width: 48, height: 64))
        #expect(photos.map(\.pixelSize) == [landscape, landscape, portrait, portrait, portrait])
        for (photo, name) in zip(photos, names) {
            Self.expectTokyo(photo.location, name)
            let thumbnail = try await DecodedImage.decode(fileAt: photo.thumbnailURL, fittingBox: 1000)
            #expect(PixelSize(width: thumbnail.width, height: thumbnail.height) == photo.pixelSize, "\(name)")
        }
        // And from the rows, as the grid and the location platter get it.
        let items = try await library.items(in: .allPhotos)
        #expect(items.count == names.count)
        for item in items { Self.expectTokyo(item.location, item.title) }
    }

    /// A generated PNG stored sideways with orientation 6: its thumbnail's pixels are turned too.
    @Test func aPNGWithOrientation6GetsAnUprightThumbnailAndSize() async throws {
        let temp = try TemporaryDirectory()
        var exif = ExifFixture()
        exif.orientation = 6
        // TestImages' gradient: red grows to the right, green downwards.
        let png = try exif.writePNG(temp.file("sideways.png"), width: 64, height: 48)
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let report = try await library.importFiles([png])
        let photo = try #require(try await library.photos(withIDs: report.photoIDs).first)
        #expect(photo.pixelSize == PixelSize(width: 48, height: 64))
        let thumbnail = try await DecodedImage.decode(fileAt: photo.thumbnailURL, fittingBox: 1000)
        #expect(thumbnail.width == 48 && thumbnail.height == 64)
        func pixel(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8) {
            let at = y * thumbnail.rowStride + x * (thumbnail.hasAlpha ? 4 : 3)
            return (thumbnail.pixels[at], thumbnail.pixels[at + 1])
        }
        // Turned a quarter clockwise: the stored bottom-left corner is now top left,
        // the stored top-left corner top right.
        #expect(pixel(0, 0).red < 10 && pixel(0, 0).green > 245, "\(pixel(0, 0))")
        #expect(pixel(47, 0).red < 10 && pixel(47, 0).green < 10, "\(pixel(47, 0))")
        #expect(pixel(0, 63).red > 245 && pixel(0, 63).green > 245, "\(pixel(0, 63))")
    }

    /// GPS validation is the same whatever the container: a malformed tag in a PNG is refused with its reason.
    @Test func malformedTagsInAPNGAreIgnoredWithAReason() throws {
        let temp = try TemporaryDirectory()
        let nullIsland = ExifFixture(gps: ExifFixture.position(latitude: 0, longitude: 0))
        guard case .ignored(let reason) = PhotoExif.read(path: try nullIsland.writePNG(temp.file("null.png")).path).place else {
            Issue.record("0/0 not refused")
            return
        }
        #expect(reason.contains("without a fix"))
        let denominator = ExifFixture(gps: [LocationTests.north, ExifFixture.rationals(2, [(10, 0), (0, 1), (0, 1)]),
                                            LocationTests.east, LocationTests.fineLongitude])
        guard case .ignored(let second) = PhotoExif.read(path: try denominator.writePNG(temp.file("zero.png")).path).place else {
            Issue.record("zero denominator not refused")
            return
        }
        #expect(second.contains("zero denominator"))
        let good = ExifFixture(order: .big, gps: ExifFixture.position(latitude: -33.8568, longitude: 151.2153))
        guard case .found(let location) = PhotoExif.read(path: try good.writePNG(temp.file("good.png")).path).place else {
            Issue.record("a good big-endian position not found")
            return
        }
        #expect(abs(location.latitude + 33.8568) < 0.00001 && abs(location.longitude - 151.2153) < 0.00001)
    }

    /// libtiff writes a TIFF's directories after its pixels: they are found there, and only
    /// they are read (libexif would otherwise need the whole file in memory).
    @Test func aTIFFWithItsDirectoriesAtTheEnd() throws {
        let fixture = ExifFixture(order: .big, orientation: 8, gps: ExifFixture.position(latitude: 64.1466, longitude: -21.9426))
        let file = fixture.tiff(ifd0Offset: 3_000_000)
        let block = try #require(ExifBlockFinder.find(in: file))
        #expect(block.container == .tiff && block.tiff.count < 1000)
        let read = ExifReader.read(bytes: file).metadata
        #expect(read.place == .found(PhotoLocation(latitude: 64.1466, longitude: -21.9426)))
        #expect(read.orientation == 8)
    }

    /// Every fixture cut at every length, and with each byte set to 0xFF and to 0x00
    /// (sizes, offsets and counts become huge or zero): any outcome but a crash or a hang.
    @Test(arguments: fixtures)
    func damagedContainersNeverCrash(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Repository.fixture(name)))
        for cut in 0..<bytes.count {
            _ = ExifReader.read(bytes: Array(bytes.prefix(cut)))
        }
        for index in bytes.indices {
            for value: UInt8 in [0xFF, 0x00, 0x80] {
                var damaged = bytes
                damaged[index] = value
                _ = ExifReader.read(bytes: damaged)
            }
        }
    }
}
