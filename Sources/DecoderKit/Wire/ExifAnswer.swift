/// What Drover keeps of a photo's EXIF, as the decode child read it (`ExifReader`).
package struct ExifMetadata: Equatable, Sendable {
    package var dateTaken: ExifDateTime?
    package var place: ExifGPS.Outcome
    /// IFD0's orientation tag, 1–8, whatever the container (the decode applies it where the
    /// loader does not; this is what the file says).
    package var orientation: Int?
    package var cameraMake: String?
    package var cameraModel: String?
    /// Why a present tag was dropped (a broken altitude): for Drover's log.
    package var notes: [String]

    package init(dateTaken: ExifDateTime? = nil, place: ExifGPS.Outcome = .none, orientation: Int? = nil,
                 cameraMake: String? = nil, cameraModel: String? = nil, notes: [String] = []) {
        self.dateTaken = dateTaken
        self.place = place
        self.orientation = orientation
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.notes = notes
    }
}

/// How a decode child hands Drover the EXIF it read: lines after its status line (`ok W H`
/// of a decode, `ok exif` of `--exif-only`; `DecoderHelper`), one fact a line, absent facts
/// left out:
///
///     exif date Y M D H M S OFFSET        OFFSET in seconds east of UTC, or "-" for local time
///     exif place LAT LON ALT              degrees; ALT in metres, or "-"
///     exif place-ignored HEX              GPS tags that are there but unusable, and why
///     exif orientation O                  1–8
///     exif make HEX                       IFD0's Make, UTF-8 as hex digits
///     exif model HEX                      IFD0's Model
///     exif note HEX                       why a tag was dropped (at most `maxNotes`)
///
/// Drover parses what a child wrote, and a child may be compromised, so the reader is
/// strict and small: at most `maxLines` lines of at most `maxLineBytes` bytes, each fact
/// once, every number in the range `ExifReader` gives (the same checks: `ExifDateTime`'s
/// init, a position's ranges), text only as hex of at most `maxTextBytes` bytes. Anything
/// else refuses the whole answer.
package enum ExifAnswer {
    package static let maxLines = 12
    package static let maxNotes = 4
    package static let maxTextBytes = 256
    /// "exif place-ignored " and a whole text's hex digits fit.
    package static let maxLineBytes = 32 + 2 * maxTextBytes

    /// The lines for `metadata`, each ended by a line break; texts are cut to `maxTextBytes`.
    package static func lines(_ metadata: ExifMetadata) -> String {
        var lines: [String] = []
        func text(_ string: String) -> String { HexText.encode(string.utf8.prefix(maxTextBytes)) }
        if let date = metadata.dateTaken {
            let numbers = [date.year, date.month, date.day, date.hour, date.minute, date.second].map(String.init)
            lines.append((["date"] + numbers + [date.offsetSeconds.map(String.init) ?? "-"]).joined(separator: " "))
        }
        switch metadata.place {
        case .none: break
        case .found(let position):
            lines.append("place \(position.latitude) \(position.longitude) \(position.altitude.map { "\($0)" } ?? "-")")
        case .ignored(let reason): lines.append("place-ignored \(text(reason))")
        }
        if let orientation = metadata.orientation { lines.append("orientation \(orientation)") }
        if let make = metadata.cameraMake { lines.append("make \(text(make))") }
        if let model = metadata.cameraModel { lines.append("model \(text(model))") }
        for note in metadata.notes.prefix(maxNotes) { lines.append("note \(text(note))") }
        return lines.map { "exif \($0)\n" }.joined()
    }

    /// The metadata in `lines` (a child's output after its status line; empty lines are
    /// skipped), or nil when any line breaks the rules above.
    package static func read(_ lines: [Substring]) -> ExifMetadata? {
        let lines = lines.filter { !$0.isEmpty }
        guard lines.count <= maxLines else { return nil }
        var metadata = ExifMetadata()
        var seen: Set<Substring> = []
        for line in lines {
            guard line.utf8.count <= maxLineBytes else { return nil }
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count >= 3, words[0] == "exif" else { return nil }
            let key = words[1]
            let values = Array(words[2...])
            guard key == "note" || seen.insert(key).inserted else { return nil }
            switch key {
            case "date":
                guard values.count == 7, let date = readDate(values) else { return nil }
                metadata.dateTaken = date
            case "place":
                guard !seen.contains("place-ignored"), values.count == 3, let position = readPosition(values) else { return nil }
                metadata.place = .found(position)
            case "place-ignored":
                guard !seen.contains("place"), values.count == 1, let reason = readText(values[0]) else { return nil }
                metadata.place = .ignored(reason)
            case "orientation":
                guard values.count == 1, let value = Int(values[0]), (1...8).contains(value) else { return nil }
                metadata.orientation = value
            case "make", "model":
                guard values.count == 1, let text = readText(values[0]) else { return nil }
                if key == "make" { metadata.cameraMake = text } else { metadata.cameraModel = text }
            case "note":
                guard metadata.notes.count < maxNotes, values.count == 1, let note = readText(values[0]) else { return nil }
                metadata.notes.append(note)
            default:
                return nil
            }
        }
        return metadata
    }

    private static func readDate(_ values: [Substring]) -> ExifDateTime? {
        let numbers = values.prefix(6).compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        let offset: Int?
        if values[6] == "-" {
            offset = nil
        } else {
            guard let seconds = Int(values[6]) else { return nil }
            offset = seconds
        }
        return ExifDateTime(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
                            second: numbers[5], offsetSeconds: offset)
    }

    /// The ranges `ExifGPS` keeps to: a position on the globe and not the 0, 0 of a camera
    /// without a fix; an altitude from the deepest trench to near space.
    private static func readPosition(_ values: [Substring]) -> PhotoLocation? {
        guard let latitude = Double(values[0]), let longitude = Double(values[1]),
              latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              latitude != 0 || longitude != 0 else { return nil }
        var altitude: Double?
        if values[2] != "-" {
            guard let metres = Double(values[2]), metres.isFinite, (-12_000...100_000).contains(metres) else { return nil }
            altitude = metres
        }
        return PhotoLocation(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// Text as hex digits: not empty, at most `maxTextBytes` bytes; read as UTF-8 (a broken
    /// sequence becomes U+FFFD, never an error).
    private static func readText(_ hex: Substring) -> String? {
        guard let bytes = HexText.decode(hex), !bytes.isEmpty, bytes.count <= maxTextBytes else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
