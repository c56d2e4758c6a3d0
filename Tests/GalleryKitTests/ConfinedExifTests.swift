import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// A photo's EXIF is read in the confined decode child (libexif under the seccomp filter) and
/// reaches Drover as the child's answer (`ExifAnswer`): an import gets it from the thumbnail's
/// own child, and Drover takes nothing but that answer, refusing one out of form.
@Suite struct ConfinedExifTests {
    /// Sydney, below the harbour's bridge deck, with a date, an offset, a sideways orientation
    /// and a camera: every fact the child answers with.
    static func fixture() -> ExifFixture {
        var fixture = ExifFixture(order: .big, gps: ExifFixture.position(latitude: -33.8523, longitude: 151.2108, altitude: 58))
        fixture.orientation = 6
        fixture.ifd0 = [ExifFixture.ascii(0x010F, "Canon"), ExifFixture.ascii(0x0110, "Canon EOS 5D Mark IV ")]
        fixture.exif = [ExifFixture.ascii(0x9003, "2021:03:04 05:06:07"), ExifFixture.ascii(0x9011, "+11:00")]
        return fixture
    }

    static func expectSydney(_ metadata: ExifMetadata) {
        #expect(metadata.dateTaken == ExifDateTime(year: 2021, month: 3, day: 4, hour: 5, minute: 6, second: 7, offsetSeconds: 39_600))
        guard case .found(let position) = metadata.place else {
            Issue.record("no position: \(metadata.place)")
            return
        }
        #expect(abs(position.latitude + 33.8523) < 0.00001 && abs(position.longitude - 151.2108) < 0.00001)
        #expect(abs((position.altitude ?? .nan) - 58) < 0.01)
        #expect(metadata.orientation == 6)
        #expect(metadata.cameraMake == "Canon" && metadata.cameraModel == "Canon EOS 5D Mark IV")
        #expect(metadata.notes.isEmpty)
    }

    @Test func theChildsAnswerForAPhotoWithAPlaceADateAndAnOrientation() throws {
        let temp = try TemporaryDirectory()
        let decoder = DecoderProcess(limits: ImportLimits())
        for file in [try Self.fixture().writeJPEG(temp.file("sydney.jpg"), width: 64, height: 48),
                     try Self.fixture().writePNG(temp.file("sydney.png"), width: 64, height: 48)] {
            // The details view's way: a child that decodes nothing.
            Self.expectSydney(try decoder.readExif(of: file.path))
            // The import's way: the thumbnail's child, which turned the picture by the same tag.
            let (upright, exif) = try decoder.makeThumbnailReadingExif(of: file.path, to: temp.file("thumbnail.png").path)
            #expect(upright == PixelSize(width: 48, height: 64), "\(file.lastPathComponent)")
            Self.expectSydney(exif)
            // And as the library keeps it: the instant, at the offset the camera wrote.
            let kept = PhotoExif(exif, fileName: file.lastPathComponent)
            #expect(kept.dateTaken == ISO8601DateFormatter().date(from: "2021-03-03T18:06:07Z"))
            #expect(kept.location.map { abs($0.latitude + 33.8523) < 0.00001 } == true)
        }
    }

    /// The details view's camera is what a child that only reads the EXIF said; a photo whose
    /// file is gone has none, and no child is asked about it.
    @Test func theDetailsShowTheCameraTheChildRead() async throws {
        let temp = try TemporaryDirectory()
        let file = try Self.fixture().writeJPEG(temp.file("sydney.jpg"), width: 64, height: 48)
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let id = try #require(try await library.importFiles([file]).photoIDs.first)
        let details = try await library.details(of: id)
        #expect(details.camera == "Canon EOS 5D Mark IV")
        #expect(details.photo.location.map { abs($0.longitude - 151.2108) < 0.00001 } == true)
        try FileManager.default.removeItem(at: details.photo.fileURL)
        let gone = try await library.details(of: id)
        #expect(gone.fileSize == nil && gone.camera == nil)
    }

    /// A file the child cannot read is said to be so, not taken for a file without EXIF.
    @Test func aMissingFileIsNoAnswer() throws {
        let temp = try TemporaryDirectory()
        #expect(throws: ImportFailureReason.vanished) {
            _ = try DecoderProcess(limits: ImportLimits()).readExif(of: temp.file("gone.jpg").path)
        }
    }

    /// The import asks one child per photo, as before EXIF moved there, and the date and
    /// place in its row are what that child said: this file has no EXIF at all, so nothing
    /// in Drover could have read them from it.
    @Test func anImportTakesTheDateAndPlaceFromItsOneChild() async throws {
        let temp = try TemporaryDirectory()
        let runs = temp.file("runs")
        let answer = "ok 64 48\\nexif date 2020 5 6 7 8 9 0\\nexif place 48.8584 2.2945 -\\n"
        // The child's output (its last argument) is the thumbnail; one line in `runs` per child.
        let child = try temp.script(named: "child", """
            for last; do :; done
            printf x > "$last"
            echo run >> '\(runs.path)'
            printf '\(answer)'
            """)
        let photo = try TestImages.write(temp.file("plain.jpg"), width: 64, height: 48, format: .jpeg)
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(decoderExecutable: child))
        let report = try await library.importFiles([photo])
        #expect(report.failures.isEmpty, "\(report.failures)")
        let stored = try #require(try await library.photos(withIDs: report.photoIDs).first)
        #expect(stored.dateTaken == ISO8601DateFormatter().date(from: "2020-05-06T07:08:09Z"))
        #expect(stored.location == PhotoLocation(latitude: 48.8584, longitude: 2.2945))
        #expect(try String(contentsOf: runs, encoding: .utf8) == "run\n")
    }

    /// A child that says something out of form about the EXIF fails its photo, as a child that
    /// writes unreadable pixels does: Drover takes nothing of such an answer.
    @Test func anAnswerOutOfFormFailsThePhoto() async throws {
        let temp = try TemporaryDirectory()
        let child = try temp.script(named: "child", """
            for last; do :; done
            printf x > "$last"
            printf 'ok 64 48\\nexif orientation 9\\n'
            """)
        let decoder = DecoderProcess(childProgram: child, limits: ImportLimits())
        #expect(throws: ImportFailureReason.decoderFailed(detail: "what it wrote was not in the form Drover reads")) {
            _ = try decoder.makeThumbnailReadingExif(of: "in.jpg", to: temp.file("out.png").path)
        }
        let photo = try TestImages.write(temp.file("plain.jpg"), width: 64, height: 48, format: .jpeg)
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(decoderExecutable: child))
        let report = try await library.importFiles([photo])
        #expect(report.failures.map(\.reason) == [.decoderFailed(detail: "what it wrote was not in the form Drover reads")])
    }

}
