import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct LocationTests {
    @Test func theBridgeSampleIsAtTheGoldenGate() async throws {
        let location = try #require(await PhotoLocation.read(fromFileAt: Repository.sample("bridge-cables-over-the-estuary.jpg")))
        #expect(abs(location.latitude - 37.8199) <= 0.0001)
        #expect(abs(location.longitude - -122.4783) <= 0.0001)
        #expect(abs((location.altitude ?? 0) - 67) < 0.5)
    }

    @Test func photosWithoutGPSHaveNoLocation() async throws {
        let temp = try TemporaryDirectory()
        let jpeg = try TestImages.write(temp.file("plain.jpg"), width: 32, height: 32, format: .jpeg)
        let png = try TestImages.write(temp.file("plain.png"), width: 32, height: 32)
        var orientationOnly = ExifFixture()
        orientationOnly.orientation = 1
        let exifWithoutGPS = try orientationOnly.writeJPEG(temp.file("exif.jpg"))
        for url in [jpeg, png, exifWithoutGPS, temp.file("missing.jpg"), Repository.sample("chelsea-the-cat.jpg")] {
            #expect(await PhotoLocation.read(fromFileAt: url) == nil, "\(url.lastPathComponent)")
            #expect(PhotoExif.read(path: url.path).place == .none, "not even ignored: \(url.lastPathComponent)")
        }
    }

    @Test(arguments: [
        (-33.8568, 151.2153, 4.0 as Double?),     // Sydney Opera House: south, east
        (-22.9519, -43.2105, 700.5),              // Corcovado: south, west
        (64.1466, -21.9426, nil),                 // Reykjavik: north, west, no altitude
        (31.5590, 35.4732, -430.0),               // the Dead Sea shore: below sea level
    ])
    func everyHemisphereAndBothByteOrders(latitude: Double, longitude: Double, altitude: Double?) async throws {
        let temp = try TemporaryDirectory()
        for order in [ExifFixture.ByteOrder.little, .big] {
            let fixture = ExifFixture(order: order, gps: ExifFixture.position(latitude: latitude, longitude: longitude, altitude: altitude))
            let url = try fixture.writeJPEG(temp.file("gps-\(order).jpg"))
            let location = try #require(await PhotoLocation.read(fromFileAt: url))
            #expect(abs(location.latitude - latitude) < 0.00001)
            #expect(abs(location.longitude - longitude) < 0.00001)
            if let altitude {
                #expect(abs((location.altitude ?? .nan) - altitude) < 0.01)
            } else {
                #expect(location.altitude == nil)
            }
        }
    }

    @Test func decimalDegreesInOneRationalAreAccepted() throws {
        let temp = try TemporaryDirectory()
        let fixture = ExifFixture(gps: [ExifFixture.ascii(1, "S"), ExifFixture.rationals(2, [(3_385_680, 100_000)]),
                                        ExifFixture.ascii(3, "E"), ExifFixture.rationals(4, [(15_121_530, 100_000)])])
        let url = try fixture.writeJPEG(temp.file("decimal.jpg"))
        #expect(PhotoExif.read(path: url.path).place == .found(PhotoLocation(latitude: -33.8568, longitude: 151.2153)))
    }

    typealias Tags = [ExifFixture.Entry]
    static let north = ExifFixture.ascii(1, "N")
    static let east = ExifFixture.ascii(3, "E")
    static let fine = ExifFixture.dms(2, 10)
    static let fineLongitude = ExifFixture.dms(4, 20)

    /// Each case is malformed in one way; the expected reason is part of the logged message.
    @Test(arguments: [
        ("zero denominator", [north, ExifFixture.rationals(2, [(10, 0), (0, 1), (0, 1)]), east, fineLongitude], "zero denominator"),
        ("75 minutes", [north, ExifFixture.rationals(2, [(10, 1), (75, 1), (0, 1)]), east, fineLongitude], "minutes"),
        ("61 seconds", [north, fine, east, ExifFixture.rationals(4, [(10, 1), (0, 1), (61, 1)])], "seconds"),
        ("95 degrees north", [north, ExifFixture.rationals(2, [(95, 1), (0, 1), (0, 1)]), east, fineLongitude], "out of range"),
        ("200 degrees east", [north, fine, east, ExifFixture.rationals(4, [(200, 1), (0, 1), (0, 1)])], "out of range"),
        ("reference X", [ExifFixture.ascii(1, "X"), fine, east, fineLongitude], "reference"),
        ("no reference", [fine, east, fineLongitude], "no N/S reference"),
        ("stored as SHORT", [north, ExifFixture.short(2, 10), east, fineLongitude], "not RATIONAL"),
        ("signed rationals", [north, ExifFixture.rationals(2, [(10, 1), (0, 1), (0, 1)], type: 10), east, fineLongitude], "not RATIONAL"),
        ("four values", [north, ExifFixture.rationals(2, [(10, 1), (0, 1), (0, 1), (0, 1)]), east, fineLongitude], "4 values"),
        ("latitude only", [north, fine], "without a longitude"),
        ("null island", [north, ExifFixture.rationals(2, [(0, 1), (0, 1), (0, 1)]), east, ExifFixture.rationals(4, [(0, 1), (0, 1), (0, 1)])], "without a fix"),
    ] as [(String, Tags, String)])
    func malformedTagsAreIgnoredWithAReason(name: String, tags: Tags, reason: String) async throws {
        let temp = try TemporaryDirectory()
        let url = try ExifFixture(gps: tags).writeJPEG(temp.file("bad.jpg"))
        guard case .ignored(let logged) = PhotoExif.read(path: url.path).place else {
            Issue.record("\(name): not ignored: \(PhotoExif.read(path: url.path).place)")
            return
        }
        #expect(logged.contains(reason), "\(name): \(logged)")
        #expect(await PhotoLocation.read(fromFileAt: url) == nil)
    }

    @Test func aBrokenAltitudeIsDroppedButThePositionKept() throws {
        let temp = try TemporaryDirectory()
        let position = ExifFixture.position(latitude: 10, longitude: 20)
        for altitude in [ExifFixture.rationals(6, [(5, 0)]), ExifFixture.rationals(6, [(900_000, 1)]), ExifFixture.short(6, 5)] {
            let url = try ExifFixture(gps: position + [altitude]).writeJPEG(temp.file("altitude.jpg"))
            #expect(PhotoExif.read(path: url.path).place == .found(PhotoLocation(latitude: 10, longitude: 20)))
        }
    }

    /// The fuzzer reads from memory (`read(bytes:)`); it must see what import sees from the file.
    @Test func readingBytesGivesWhatReadingTheFileGives() throws {
        let temp = try TemporaryDirectory()
        let cases: [(Tags, PhotoExif.Place)] = [
            (ExifFixture.position(latitude: -33.8568, longitude: 151.2153, altitude: 58), .found(PhotoLocation(latitude: -33.8568, longitude: 151.2153, altitude: 58))),
            ([Self.north, ExifFixture.rationals(2, [(10, 0), (0, 1), (0, 1)]), Self.east, Self.fineLongitude], .ignored("the latitude has a zero denominator")),
            ([], .none),
        ]
        for (index, (tags, expected)) in cases.enumerated() {
            let url = try ExifFixture(gps: tags).writeJPEG(temp.file("case-\(index).jpg"))
            let fromFile = PhotoExif.read(path: url.path).place
            let fromBytes = ExifReader.read(bytes: Array(try Data(contentsOf: url))).metadata.place
            #expect(fromBytes == fromFile)
            if case .found(let location) = expected, case .found(let read) = fromBytes {
                #expect(abs(read.latitude - location.latitude) < 1e-4 && abs(read.longitude - location.longitude) < 1e-4)
                #expect(abs((read.altitude ?? .nan) - 58) < 0.01)
            } else {
                #expect(fromBytes == expected)
            }
        }
        #expect(ExifReader.read(bytes: []).metadata.place == .none)
    }

    @Test func truncatedOrGarbageExifNeverCrashes() throws {
        let temp = try TemporaryDirectory()
        let good = try ExifFixture(gps: ExifFixture.position(latitude: 1, longitude: 2)).writeJPEG(temp.file("good.jpg"))
        let bytes = try Data(contentsOf: good)
        // Cut inside the EXIF block, and scramble its bytes: any outcome but a crash.
        for cut in stride(from: 30, to: 200, by: 7) {
            let url = temp.file("cut-\(cut).jpg")
            try bytes.prefix(cut).write(to: url)
            _ = ExifReader.read(bytes: [UInt8](try Data(contentsOf: url)))
        }
        var scrambled = [UInt8](bytes)
        var seed: UInt32 = 12345
        for index in 30..<min(200, scrambled.count) {
            seed = seed &* 1_103_515_245 &+ 12345
            if seed % 3 == 0 { scrambled[index] = UInt8(truncatingIfNeeded: seed >> 16) }
        }
        let url = temp.file("scrambled.jpg")
        try Data(scrambled).write(to: url)
        _ = ExifReader.read(bytes: [UInt8](try Data(contentsOf: url)))
    }
}
