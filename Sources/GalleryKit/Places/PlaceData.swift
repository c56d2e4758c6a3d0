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
        return try parse(bytes, from: url)
    }

    /// Parses the file's bytes; `url` only names the file in errors.
    static func parse(_ bytes: [UInt8], from url: URL) throws(PlaceDataError) -> PlaceData {
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
            let line = try reader.placeLine()
            let latitude = Double(line.latitude) / 10_000
            let longitude = Double(line.longitude) / 10_000
            guard abs(latitude) <= 90, abs(longitude) <= 180 else { throw reader.error("a position is out of range") }
            guard (0..<regionCount).contains(line.region) else { throw reader.error("region \(line.region) does not exist") }
            data.latitudes.append(latitude)
            data.longitudes.append(longitude)
            data.names.append(line.name)
            data.regionIndices.append(Int32(line.region))
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
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            position = end + 1
            lineNumber += 1
            if lineNumber > 1, bytes[start..<end].first == UInt8(ascii: "#") { continue }
            return Field(bytes: bytes[start..<end])
        }
        return nil
    }

    /// A "name N" line. N is checked against the bytes left (each entry takes a line of
    /// at least one byte) before anyone reserves room for N entries: a damaged count
    /// must not ask for terabytes.
    mutating func count(named name: String) throws(PlaceDataError) -> Int {
        guard let line = next() else { throw error("the “\(name)” section is missing") }
        let parts = line.text.split(separator: " ")
        guard parts.count == 2, parts[0] == name, let count = Int(parts[1]), count >= 0 else {
            throw error("expected “\(name) COUNT”")
        }
        guard count <= bytes.count - min(position, bytes.count) else {
            throw error("\(count) \(name) cannot fit in the rest of the file")
        }
        return count
    }

    mutating func fields(_ count: Int) throws(PlaceDataError) -> [Field] {
        guard let line = next() else { throw .malformed(url, line: lineNumber + 1, detail: "the file ends early") }
        let parts = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard parts.count == count else { throw error("expected \(count) tab-separated fields") }
        return parts.map { Field(bytes: $0) }
    }

    /// "lat TAB lon TAB name TAB region", without an array per line: this runs 144,000 times.
    mutating func placeLine() throws(PlaceDataError) -> (latitude: Int, longitude: Int, name: String, region: Int) {
        guard let line = next() else { throw .malformed(url, line: lineNumber + 1, detail: "the file ends early") }
        var tabs = (0, 0, 0)
        var found = 0
        for index in line.bytes.indices where bytes[index] == UInt8(ascii: "\t") {
            switch found {
            case 0: tabs.0 = index
            case 1: tabs.1 = index
            case 2: tabs.2 = index
            default: throw error("expected 4 tab-separated fields")
            }
            found += 1
        }
        guard found == 3 else { throw error("expected 4 tab-separated fields") }
        let (start, end) = (line.bytes.startIndex, line.bytes.endIndex)
        return (try integer(Field(bytes: bytes[start..<tabs.0])),
                try integer(Field(bytes: bytes[(tabs.0 + 1)..<tabs.1])),
                Field(bytes: bytes[(tabs.1 + 1)..<tabs.2]).text,
                try integer(Field(bytes: bytes[(tabs.2 + 1)..<end])))
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
