import Foundation
import CExif
import ImageFormats

/// EXIF's dates: `DateTimeOriginal` and `DateTime` are text, "2019:07:14 16:30:05", local
/// to wherever the camera was; `OffsetTimeOriginal` and `OffsetTime` (EXIF 2.31), where a
/// camera writes them, say that place's offset from UTC, "+02:00".
///
/// With an offset the instant is exact. Without one (most cameras) the time is read as
/// local time here, so the wall-clock time shown is the one the camera recorded. What
/// cameras write when the clock was never set ("0000:00:00 00:00:00", blanks) and
/// anything that is not a real date is no date: the caller falls back to the file's time.
enum ExifDate {
    /// The instant `text` names, or nil when it is not a usable date.
    static func parse(_ text: String, offset: String? = nil, localTimeZone: TimeZone = .current) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\0")))
        let characters = Array(trimmed.utf8)
        // "YYYY:MM:DD HH:MM:SS"; some writers use '-' between the date's parts.
        guard characters.count == 19, [4, 7].allSatisfy({ characters[$0] == UInt8(ascii: ":") || characters[$0] == UInt8(ascii: "-") }),
              characters[10] == UInt8(ascii: " ") || characters[10] == UInt8(ascii: "T"),
              characters[13] == UInt8(ascii: ":"), characters[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let digits = characters[range]
            guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        // Before photography, or far ahead: a broken clock, not a date.
        guard (1826...2200).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let zone: TimeZone
        if let offset, let seconds = offsetSeconds(offset) {
            guard let fixed = TimeZone(secondsFromGMT: seconds) else { return nil }
            zone = fixed
        } else {
            zone = localTimeZone
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // A leap second is shown as the second before it.
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        // 31 February and the like are not dates (the calendar would roll them over).
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// "+02:00", "-05:30" (or "Z") as seconds east of UTC; nil when blank or malformed.
    static func offsetSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\0")))
        if trimmed == "Z" { return 0 }
        let characters = Array(trimmed.utf8)
        guard characters.count == 6, characters[0] == UInt8(ascii: "+") || characters[0] == UInt8(ascii: "-"),
              characters[3] == UInt8(ascii: ":"),
              let hours = Int(trimmed.dropFirst().prefix(2)), let minutes = Int(trimmed.suffix(2)),
              characters[1...2].allSatisfy({ (48...57).contains($0) }), characters[4...5].allSatisfy({ (48...57).contains($0) }),
              hours <= 14, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return characters[0] == UInt8(ascii: "-") ? -seconds : seconds
    }
}

/// Reads when a photo was taken from its EXIF block (JPEG, PNG, WebP, HEIC/HEIF/AVIF or
/// TIFF, found by `ExifBlockFinder`): `DateTimeOriginal` with `OffsetTimeOriginal`, else
/// `DateTime` with `OffsetTime`. Blocking.
enum ExifDateReader {
    static func dateTaken(path: String) -> Date? {
        ExifBlockFinder.find(path: path).flatMap(dateTaken(block:))
    }

    /// A whole file's bytes: for tests and fuzzing.
    static func dateTaken(bytes: [UInt8]) -> Date? {
        ExifBlockFinder.find(in: bytes).flatMap(dateTaken(block:))
    }

    static func dateTaken(block: ExifBlock) -> Date? {
        guard let exif = LoadedExif(block) else { return nil }
        if let original = exif.text(EXIF_TAG_DATE_TIME_ORIGINAL, in: EXIF_IFD_EXIF),
           let date = ExifDate.parse(original, offset: exif.text(EXIF_TAG_OFFSET_TIME_ORIGINAL, in: EXIF_IFD_EXIF)) {
            return date
        }
        if let modified = exif.text(EXIF_TAG_DATE_TIME, in: EXIF_IFD_0) {
            return ExifDate.parse(modified, offset: exif.text(EXIF_TAG_OFFSET_TIME, in: EXIF_IFD_EXIF))
        }
        return nil
    }
}
