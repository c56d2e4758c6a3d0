import Foundation

/// The places table as loaded from `data/places/places.tsv` (format in
/// `scripts/make-places.sh`): parallel arrays, one entry per place.
struct PlaceData: Sendable {
    var names: [String] = []
    /// Degrees.
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    /// Index into `regions`.
    var regionIndices: [Int32] = []
    var regions: [(countryCode: String, name: String)] = []

    var count: Int { names.count }

    func place(at index: Int) -> Place {
        let region = regions[Int(regionIndices[index])]
        return Place(name: names[index], region: region.name, countryCode: region.countryCode,
                     latitude: latitudes[index], longitude: longitudes[index])
    }

    /// Parses the file. Blocking. Works on raw bytes: 144,000 lines must not cost a
    /// `String` split per field.
    static func load(_ url: URL) throws(PlaceDataError) -> PlaceData {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable(url, detail: (error as NSError).localizedDescription)
        }
        var reader = LineReader(bytes: bytes, url: url)
        guard let magic = reader.next(), magic.text == "#drover-places 1" else {
            throw .malformed(url, line: 1, detail: "it does not start with “#drover-places 1”")
        }
        var data = PlaceData()
        let regionCount = try reader.count(named: "regions")
        data.regions.reserveCapacity(regionCount)
        for _ in 0..<regionCount {
            let fields = try reader.fields(2)
            data.regions.append((fields[0].text, fields[1].text))
        }
        let placeCount = try reader.count(named: "places")
        data.names.reserveCapacity(placeCount)
        data.latitudes.reserveCapacity(placeCount)
        data.longitudes.reserveCapacity(placeCount)
        data.regionIndices.reserveCapacity(placeCount)
        for _ in 0..<placeCount {
            let fields = try reader.fields(4)
            let latitude = Double(try reader.integer(fields[0])) / 10_000
            let longitude = Double(try reader.integer(fields[1])) / 10_000
            let region = try reader.integer(fields[3])
            guard abs(latitude) <= 90, abs(longitude) <= 180 else { throw reader.error("a position is out of range") }
            guard (0..<regionCount).contains(region) else { throw reader.error("region \(region) does not exist") }
            data.latitudes.append(latitude)
            data.longitudes.append(longitude)
            data.names.append(fields[2].text)
            data.regionIndices.append(Int32(region))
        }
        return data
    }
}

/// Walks a file's lines as byte ranges, skipping comments after the first line.
private struct LineReader {
    let bytes: [UInt8]
    let url: URL
    var position = 0
    var lineNumber = 0

    struct Field {
        let bytes: ArraySlice<UInt8>
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    mutating func next() -> Field? {
        while position < bytes.count {
            let start = position
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            position = end + 1
            lineNumber += 1
            if lineNumber > 1, bytes[start..<end].first == UInt8(ascii: "#") { continue }
            return Field(bytes: bytes[start..<end])
        }
        return nil
    }

    /// A "name N" line.
    mutating func count(named name: String) throws(PlaceDataError) -> Int {
        guard let line = next() else { throw error("the “\(name)” section is missing") }
        let parts = line.text.split(separator: " ")
        guard parts.count == 2, parts[0] == name, let count = Int(parts[1]), count >= 0 else {
            throw error("expected “\(name) COUNT”")
        }
        return count
    }

    mutating func fields(_ count: Int) throws(PlaceDataError) -> [Field] {
        guard let line = next() else { throw error("the file ends early") }
        let parts = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard parts.count == count else { throw error("expected \(count) tab-separated fields") }
        return parts.map { Field(bytes: $0) }
    }

    func integer(_ field: Field) throws(PlaceDataError) -> Int {
        var value = 0
        var negative = false
        var digits = 0
        for byte in field.bytes {
            if byte == UInt8(ascii: "-") && digits == 0 && !negative { negative = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 12 else { throw error("expected a number") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0 else { throw error("expected a number") }
        return negative ? -value : value
    }

    func error(_ detail: String) -> PlaceDataError {
        .malformed(url, line: lineNumber, detail: detail)
    }
}
