import Testing
@testable import DecoderKit

/// What Drover accepts of the EXIF a decode child says it read (`ExifAnswer`): every fact in
/// its form and range, each once, texts only as hex within their limit; anything else refuses
/// the whole answer.
struct ExifAnswerTests {
    static let full = ExifMetadata(
        dateTaken: ExifDateTime(year: 2021, month: 3, day: 4, hour: 5, minute: 6, second: 7, offsetSeconds: 32_400),
        place: .found(PhotoLocation(latitude: -33.8568, longitude: 151.2153, altitude: -430.5)), orientation: 6,
        cameraMake: "Canon", cameraModel: "EOS 5D\nMark IV ü", notes: ["ignoring a GPS altitude: it is cut short"])

    private func read(_ text: String) -> ExifMetadata? {
        ExifAnswer.read(text.split(separator: "\n", omittingEmptySubsequences: false))
    }

    @Test func whatAChildWritesIsReadBackAsItWas() {
        #expect(read(ExifAnswer.lines(Self.full)) == Self.full)
        var local = Self.full
        local.dateTaken = ExifDateTime(year: 2019, month: 2, day: 28, hour: 23, minute: 59, second: 60, offsetSeconds: nil)
        local.place = .ignored("the latitude has a zero denominator")
        local.cameraMake = nil
        #expect(read(ExifAnswer.lines(local)) == local)
        // No EXIF: no lines, and that is an answer too.
        #expect(ExifAnswer.lines(ExifMetadata()).isEmpty)
        #expect(read("") == ExifMetadata())
        // A text over the limit is cut by the writer, so the reader still takes it.
        let long = ExifMetadata(cameraModel: String(repeating: "x", count: 1000))
        #expect(read(ExifAnswer.lines(long))?.cameraModel == String(repeating: "x", count: ExifAnswer.maxTextBytes))
    }

    @Test func aLineOutOfFormOrRangeRefusesTheAnswer() {
        let refused = [
            "exif date 2021 3 4 5 6 7",                 // no offset field
            "exif date 2021 2 30 5 6 7 -",              // 30 February
            "exif date 1700 3 4 5 6 7 -",               // before photography
            "exif date 2021 3 4 24 6 7 -",              // hour 24
            "exif date 2021 3 4 5 6 7 90000",           // an offset of 25 hours
            "exif date 2021 3 4 5 6 7 +0x10",           // not a number
            "exif place 95 10 -",                       // latitude out of range
            "exif place 10 181 -",                      // longitude out of range
            "exif place 0 0 -",                         // a camera without a fix
            "exif place nan 10 -",
            "exif place inf 10 -",
            "exif place 10 20 200000",                  // altitude out of range
            "exif place 10 20",                         // no altitude field
            "exif orientation 9",
            "exif orientation 0",
            "exif make 43616e6f6",                      // half a byte
            "exif make 43616E6F6E",                     // upper-case hex
            "exif make Canon",                          // not hex
            "exif make",                                // no value
            "exif make ",                               // an empty text
            "exif model 41 42",                         // two values
            "exif lens 41",                             // a fact Drover does not know
            "exf make 41",
            "make 41",
            "exif make " + String(repeating: "41", count: ExifAnswer.maxTextBytes + 1),  // over the limit
        ]
        for line in refused {
            #expect(read(line + "\n") == nil, "\(line)")
        }
    }

    @Test func aFactTwiceOrTooManyLinesRefuseTheAnswer() {
        #expect(read("exif orientation 6\nexif orientation 6\n") == nil)
        #expect(read("exif place 10 20 -\nexif place-ignored 41\n") == nil)
        #expect(read("exif place-ignored 41\nexif place 10 20 -\n") == nil)
        let note = "exif note 41\n"
        #expect(read(String(repeating: note, count: ExifAnswer.maxNotes))?.notes.count == ExifAnswer.maxNotes)
        #expect(read(String(repeating: note, count: ExifAnswer.maxNotes + 1)) == nil)
        let facts = "exif orientation 1\nexif make 41\nexif model 41\nexif place 10 20 -\nexif date 2021 3 4 5 6 7 -\n"
        #expect(read(facts + String(repeating: note, count: ExifAnswer.maxNotes)) != nil)
        #expect(ExifAnswer.read(Array(repeating: "exif note 41", count: ExifAnswer.maxLines + 1)) == nil)
    }

    @Test func aTextIsReadAsUTF8AndNeverBreaksALine() {
        // Bytes that are no UTF-8 become U+FFFD; a line break in a camera's name stays in the text.
        #expect(read("exif make ff41\n")?.cameraMake == "\u{FFFD}A")
        #expect(ExifAnswer.lines(ExifMetadata(cameraMake: "a\nexif orientation 9")).split(separator: "\n").count == 1)
    }
}
