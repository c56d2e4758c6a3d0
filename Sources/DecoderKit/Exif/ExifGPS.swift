import CExif
import Foundation

/// What a photo's GPS tags give, read with libexif in the decode child.
package enum ExifGPS {
    package enum Outcome: Equatable, Sendable {
        /// No GPS position in the file (or no EXIF at all).
        case none
        case found(PhotoLocation)
        /// GPS tags are there but unusable; the reason says why.
        case ignored(String)
    }

    /// The position in `exif`'s GPS IFD; `notes` gets why a present altitude was dropped.
    static func read(_ exif: LoadedExif, notes: inout [String]) -> Outcome {
        guard let gps = exif.gps else { return .none }
        return GPSTags(content: gps, order: exif.byteOrder).location(notes: &notes)
    }
}

/// The GPS IFD's entries, decoded and checked.
private struct GPSTags {
    let content: UnsafeMutablePointer<ExifContent>
    let order: ExifByteOrder

    func location(notes: inout [String]) -> ExifGPS.Outcome {
        let latitudeEntry = entry(EXIF_TAG_GPS_LATITUDE)
        let longitudeEntry = entry(EXIF_TAG_GPS_LONGITUDE)
        guard let latitudeEntry, let longitudeEntry else {
            if latitudeEntry == nil && longitudeEntry == nil { return .none }
            return .ignored(latitudeEntry == nil ? "a longitude without a latitude" : "a latitude without a longitude")
        }
        let latitude: Double, longitude: Double
        do throws(Malformed) {
            latitude = try coordinate(latitudeEntry, ref: EXIF_TAG_GPS_LATITUDE_REF, positive: "N", negative: "S", name: "latitude")
            longitude = try coordinate(longitudeEntry, ref: EXIF_TAG_GPS_LONGITUDE_REF, positive: "E", negative: "W", name: "longitude")
        } catch {
            return .ignored(error.reason)
        }
        guard abs(latitude) <= 90 else { return .ignored("latitude \(latitude)° is out of range") }
        guard abs(longitude) <= 180 else { return .ignored("longitude \(longitude)° is out of range") }
        // Exactly 0, 0 is what cameras without a fix write, not a place anyone stood.
        guard latitude != 0 || longitude != 0 else { return .ignored("0° N 0° E, written by a camera without a fix") }
        return .found(PhotoLocation(latitude: latitude, longitude: longitude, altitude: altitude(notes: &notes)))
    }

    /// libexif defines the GPS tags as plain integers (their values overlap other IFDs' tags).
    private func entry(_ tag: Int32) -> UnsafeMutablePointer<ExifEntry>? {
        exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag)))
    }

    /// Degrees, minutes and seconds (three RATIONALs; one or two are accepted, as some
    /// writers store decimal degrees), signed by the reference letter.
    private func coordinate(_ entry: UnsafeMutablePointer<ExifEntry>, ref: Int32, positive: Character,
                            negative: Character, name: String) throws(Malformed) -> Double {
        let parts = try rationals(entry, name: name, allowed: 1...3)
        guard parts.count < 2 || (0..<60).contains(parts[1]) else { throw Malformed("\(name) minutes \(parts[1]) are not in 0–60") }
        guard parts.count < 3 || (0..<60).contains(parts[2]) else { throw Malformed("\(name) seconds \(parts[2]) are not in 0–60") }
        let magnitude = parts.enumerated().reduce(0.0) { $0 + $1.element / pow(60, Double($1.offset)) }
        guard let letter = text(ref)?.first?.uppercased().first else {
            throw Malformed("the \(name) has no \(positive)/\(negative) reference")
        }
        switch letter {
        case positive: return magnitude
        case negative: return -magnitude
        default: throw Malformed("the \(name) reference is “\(letter)”, not \(positive) or \(negative)")
        }
    }

    /// Metres above sea level, negative below; nil when absent or unusable (the reason in `notes`).
    private func altitude(notes: inout [String]) -> Double? {
        guard let entry = entry(EXIF_TAG_GPS_ALTITUDE) else { return nil }
        let metres: Double
        do throws(Malformed) {
            metres = try rationals(entry, name: "altitude", allowed: 1...1)[0]
        } catch {
            notes.append("ignoring a GPS altitude: \(error.reason)")
            return nil
        }
        // Reference byte: 0 above sea level (also when missing), 1 below.
        var below = false
        if let ref = self.entry(EXIF_TAG_GPS_ALTITUDE_REF), ref.pointee.format == EXIF_FORMAT_BYTE,
           ref.pointee.components >= 1, ref.pointee.size >= 1, let bytes = ref.pointee.data {
            below = bytes[0] == 1
        }
        let signed = below ? -metres : metres
        // From the deepest trench to near space: anything else is a broken tag.
        guard (-12_000...100_000).contains(signed) else {
            notes.append("ignoring a GPS altitude of \(signed) m: out of range")
            return nil
        }
        return signed
    }

    private func rationals(_ entry: UnsafeMutablePointer<ExifEntry>, name: String,
                           allowed: ClosedRange<Int>) throws(Malformed) -> [Double] {
        let value = entry.pointee
        guard value.format == EXIF_FORMAT_RATIONAL else {
            throw Malformed("the \(name) is stored as \(String(cString: exif_format_get_name(value.format))), not RATIONAL")
        }
        let count = Int(value.components)
        guard allowed.contains(count) else { throw Malformed("the \(name) has \(count) values, not \(allowed.upperBound)") }
        guard let bytes = value.data, Int(value.size) >= count * 8 else { throw Malformed("the \(name) is cut short") }
        return try (0..<count).map { index throws(Malformed) in
            let rational = exif_get_rational(bytes + index * 8, order)
            guard rational.denominator != 0 else { throw Malformed("the \(name) has a zero denominator") }
            return Double(rational.numerator) / Double(rational.denominator)
        }
    }

    private func text(_ tag: Int32) -> String? {
        guard let entry = entry(tag), entry.pointee.format == EXIF_FORMAT_ASCII,
              let bytes = entry.pointee.data, entry.pointee.size > 0 else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size))
        let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    struct Malformed: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
