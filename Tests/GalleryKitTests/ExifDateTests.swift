import Foundation
import GRDB
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// The date taken: EXIF `DateTimeOriginal` with `OffsetTimeOriginal`, else `DateTime`
/// (with `OffsetTime`), else nothing (the library falls back to the file's time).
@Suite struct ExifDateTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    // MARK: Parsing

    /// What the child parses (`ExifDateTime.parse`) made an instant as Drover makes it.
    enum ExifDate {
        static func parse(_ text: String, offset: String? = nil, localTimeZone: TimeZone = .current) -> Date? {
            ExifDateTime.parse(text, offset: offset)?.date(localTimeZone: localTimeZone)
        }

        static func offsetSeconds(_ text: String) -> Int? { ExifDateTime.offsetSeconds(text) }
    }

    @Test func aDateWithoutAnOffsetIsLocalTime() {
        #expect(ExifDate.parse("2019:07:14 16:30:05", localTimeZone: Self.berlin) == Self.utc("2019-07-14T14:30:05Z"))
        #expect(ExifDate.parse("2019:01:14 16:30:05", localTimeZone: Self.berlin) == Self.utc("2019-01-14T15:30:05Z"))
        // Some writers put dashes between the date's parts, and a NUL or spaces after it.
        #expect(ExifDate.parse("2019-07-14 16:30:05\0", localTimeZone: Self.berlin) == Self.utc("2019-07-14T14:30:05Z"))
    }

    @Test func anOffsetMakesTheInstantExact() {
        #expect(ExifDate.parse("2019:07:14 16:30:05", offset: "+02:00", localTimeZone: .gmt) == Self.utc("2019-07-14T14:30:05Z"))
        #expect(ExifDate.parse("2019:07:14 16:30:05", offset: "-05:30", localTimeZone: Self.berlin)
                == Self.utc("2019-07-14T22:00:05Z"))
        #expect(ExifDate.parse("2019:07:14 16:30:05", offset: "Z", localTimeZone: Self.berlin) == Self.utc("2019-07-14T16:30:05Z"))
    }

    @Test func aMalformedOrBlankOffsetIsIgnored() {
        let local = ExifDate.parse("2019:07:14 16:30:05", localTimeZone: Self.berlin)
        for offset in ["   :  ", "+2:00", "+02-00", "+15:00", "+02:60", "02:00", "", "+0a:00"] {
            #expect(ExifDate.offsetSeconds(offset) == nil, "\(offset)")
            #expect(ExifDate.parse("2019:07:14 16:30:05", offset: offset, localTimeZone: Self.berlin) == local, "\(offset)")
        }
        #expect(ExifDate.offsetSeconds("+14:00") == 14 * 3600)
        #expect(ExifDate.offsetSeconds("-00:30") == -1800)
    }

    @Test func unsetAndMalformedDatesAreNoDate() {
        for text in ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "2019:07:14", "2019:07:14 16:30", "2019:13:01 10:00:00",
                     "2019:02:30 10:00:00", "2019:07:14 24:00:00", "2019:07:14 16:61:00", "1800:01:01 00:00:00",
                     "2019:07:14 16:30:05 extra", "20l9:07:14 16:30:05", "2019/07/14 16:30:05", "२०१९:07:14 16:30:05"] {
            #expect(ExifDate.parse(text, localTimeZone: Self.berlin) == nil, "\(text)")
        }
        // A leap second is the second before it; 29 February exists in leap years only.
        #expect(ExifDate.parse("2016:12:31 23:59:60", offset: "+00:00") == Self.utc("2016-12-31T23:59:59Z"))
        #expect(ExifDate.parse("2020:02:29 12:00:00", offset: "+00:00") == Self.utc("2020-02-29T12:00:00Z"))
        #expect(ExifDate.parse("2019:02:29 12:00:00", offset: "+00:00") == nil)
    }

    // MARK: Reading from files

    static func exif(original: String? = nil, originalOffset: String? = nil, modified: String? = nil,
                     modifiedOffset: String? = nil, order: ExifFixture.ByteOrder = .little) -> ExifFixture {
        var fixture = ExifFixture(order: order)
        if let modified { fixture.ifd0.append(ExifFixture.ascii(0x0132, modified)) }
        if let original { fixture.exif.append(ExifFixture.ascii(0x9003, original)) }
        if let modifiedOffset { fixture.exif.append(ExifFixture.ascii(0x9010, modifiedOffset)) }
        if let originalOffset { fixture.exif.append(ExifFixture.ascii(0x9011, originalOffset)) }
        return fixture
    }

    @Test func theOriginalDateWithItsOffsetWinsInJPEGAndPNG() throws {
        let temp = try TemporaryDirectory()
        let fixture = Self.exif(original: "2021:03:04 05:06:07", originalOffset: "+09:00",
                                modified: "2023:01:01 00:00:00", modifiedOffset: "+00:00")
        let jpeg = try fixture.writeJPEG(temp.file("dated.jpg"))
        let png = try fixture.writePNG(temp.file("dated.png"))
        var bigEndian = fixture
        bigEndian.order = .big
        let big = try bigEndian.writeJPEG(temp.file("dated-big.jpg"))
        // Beside a GPS IFD, as cameras write them.
        var located = fixture
        located.gps = ExifFixture.position(latitude: 35.6586, longitude: 139.7454)
        let both = try located.writeJPEG(temp.file("dated-located.jpg"))
        for file in [jpeg, png, big, both] {
            #expect(PhotoExif.read(path: file.path).dateTaken == Self.utc("2021-03-03T20:06:07Z"), "\(file.lastPathComponent)")
        }
        #expect(PhotoExif.read(path: both.path).location != nil, "the GPS IFD is still read")
    }

    @Test func dateTimeStandsInWhenTheOriginalIsMissingOrMalformed() throws {
        let temp = try TemporaryDirectory()
        let missing = try Self.exif(modified: "2020:05:06 07:08:09", modifiedOffset: "-03:00").writeJPEG(temp.file("a.jpg"))
        let malformed = try Self.exif(original: "0000:00:00 00:00:00", modified: "2020:05:06 07:08:09", modifiedOffset: "-03:00")
            .writeJPEG(temp.file("b.jpg"))
        for file in [missing, malformed] {
            #expect(PhotoExif.read(path: file.path).dateTaken == Self.utc("2020-05-06T10:08:09Z"), "\(file.lastPathComponent)")
        }
        let none = try Self.exif(original: "not a date").writeJPEG(temp.file("c.jpg"))
        #expect(PhotoExif.read(path: none.path).dateTaken == nil)
        let noExif = try ExifFixture().writeJPEG(temp.file("d.jpg"))
        #expect(PhotoExif.read(path: noExif.path).dateTaken == nil)
    }

    /// Every format with EXIF, dated by exiftool (a test dependency) as a camera or an
    /// editor would date it.
    @Test(arguments: ExifFormatsTests.fixtures)
    func everyFormatWithExifGivesItsDate(name: String) throws {
        let temp = try TemporaryDirectory()
        let copy = temp.file(name)
        try FileManager.default.copyItem(at: Repository.fixture(name), to: copy)
        // -m: the raw-profile PNG has a loop exiftool calls a minor error (see Fixtures/README.md).
        let exiftool = Process()
        exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        exiftool.arguments = ["-q", "-m", "-overwrite_original", "-DateTimeOriginal=2022:10:11 12:13:14",
                              "-OffsetTimeOriginal=+01:00", copy.path]
        try exiftool.run()
        exiftool.waitUntilExit()
        #expect(exiftool.terminationStatus == 0)
        #expect(PhotoExif.read(path: copy.path).dateTaken == Self.utc("2022-10-11T11:13:14Z"), "\(name)")
        // The location next to it is still found.
        #expect(PhotoExif.read(path: copy.path).location != nil, "\(name)")
    }

    // MARK: The library

    @Test func anImportRecordsTheDateTakenAndItsTileShowsIt() async throws {
        let temp = try TemporaryDirectory()
        let file = try Self.exif(original: "2018:08:09 10:11:12", originalOffset: "+00:00").writeJPEG(temp.file("holiday.jpg"))
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let report = try await library.importFiles([file])
        let photo = try #require(try await library.photos(withIDs: report.photoIDs).first)
        #expect(photo.dateTaken == Self.utc("2018-08-09T10:11:12Z"))
        #expect(try await library.items(in: .allPhotos).first?.date == Self.utc("2018-08-09T10:11:12Z"))
        #expect(try await library.pendingDateCount() == 0)
    }

    /// A library from before dates were read: the background scan fills them in, once.
    @Test func theDateScanFillsInPhotosImportedBefore() async throws {
        let temp = try TemporaryDirectory()
        let dated = try Self.exif(original: "2017:06:07 08:09:10", originalOffset: "+02:00").writeJPEG(temp.file("dated.jpg"))
        let undated = try ExifFixture().writeJPEG(temp.file("undated.jpg"))
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let report = try await library.importFiles([dated, undated])
        // As a library migrated to v5 has them: no date, not read yet.
        try await library.mutate { changes in try changes.db.execute(sql: "UPDATE photo SET dateTaken = NULL, dateState = 0") }
        #expect(try await library.pendingDateCount() == 2)
        #expect(try await library.photos(withIDs: report.photoIDs).allSatisfy { $0.dateTaken == nil })
        #expect(try await library.scanPendingDates(batchSize: 1) == 1)
        #expect(try await library.pendingDateCount() == 0)
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(photos.first { $0.originalFileName == "dated.jpg" }?.dateTaken == Self.utc("2017-06-07T06:09:10Z"))
        #expect(photos.first { $0.originalFileName == "undated.jpg" }?.dateTaken == nil)
        // Read once: nothing is left for a second scan.
        #expect(try await library.scanPendingDates() == 0)
    }
}
