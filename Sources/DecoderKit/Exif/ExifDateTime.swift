import Foundation

/// A date as EXIF writes it, taken apart: `DateTimeOriginal` and `DateTime` are text,
/// "2019:07:14 16:30:05", local to wherever the camera was; `OffsetTimeOriginal` and
/// `OffsetTime` (EXIF 2.31), where a camera writes them, say that place's offset from UTC,
/// "+02:00".
///
/// The decode child parses the text (`parse`) and hands Drover the numbers (`ExifAnswer`);
/// Drover checks them again (`init?(year:…)`) and makes the instant (`date`). With an
/// offset the instant is exact. Without one (most cameras) the time is read as local time
/// in Drover, so the wall-clock time shown is the one the camera recorded; the child has
/// no time zone to read (it can open no file). What cameras write when the clock was never
/// set ("0000:00:00 00:00:00", blanks) and anything that is not a real date is no date: the
/// caller falls back to the file's time.
package struct ExifDateTime: Equatable, Sendable {
    package let year: Int
    package let month: Int
    package let day: Int
    package let hour: Int
    package let minute: Int
    /// 0–60 (a leap second is shown as the second before it).
    package let second: Int
    /// Seconds east of UTC, when the camera wrote its offset.
    package let offsetSeconds: Int?

    /// The one check, on both sides of the wire: before photography, or far ahead, is a
    /// broken clock, not a date; an offset is at most 14 hours.
    package init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int?) {
        guard (1826...2200).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        if let offsetSeconds, abs(offsetSeconds) > 14 * 3600 + 59 * 60 { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.offsetSeconds = offsetSeconds
    }

    /// The date `text` names, with `offset` when that is well-formed; nil when `text` is not a usable date.
    package static func parse(_ text: String, offset: String? = nil) -> ExifDateTime? {
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
        return ExifDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                            offsetSeconds: offset.flatMap(offsetSeconds))
    }

    /// 31 February and the like are not dates (a calendar would roll them over). Counted
    /// here rather than asked of Foundation's calendar: the child runs this, and ICU's
    /// calendar is more code than a leap-year rule beside untrusted bytes.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// "+02:00", "-05:30" (or "Z") as seconds east of UTC; nil when blank or malformed.
    package static func offsetSeconds(_ text: String) -> Int? {
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

    /// The instant: at the written offset, else as local time in `localTimeZone`. Nil for a
    /// day the month does not have.
    package func date(localTimeZone: TimeZone = .current) -> Date? {
        let zone: TimeZone
        if let offsetSeconds {
            guard let fixed = TimeZone(secondsFromGMT: offsetSeconds) else { return nil }
            zone = fixed
        } else {
            zone = localTimeZone
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // A leap second is shown as the second before it.
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
