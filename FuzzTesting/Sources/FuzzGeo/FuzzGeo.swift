// The location writers (geo: URI, GeoJSON Feature, display text) on any position the EXIF
// reader can return and any name (a place's, or a photo title taken from a dropped file's
// name). Drover has no reader of its own for these formats, so the check is the round
// trip through the readers other applications use: the URI's numbers and Foundation's
// JSON parser must give back the position and the name.
import DecoderKit
import Foundation
import FuzzDriver
import GalleryKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeo(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = Input(UnsafeBufferPointer(start: data, count: size))
    // Positions as the reader returns them: in range, altitude -12 km…100 km or absent.
    let latitude = input.fraction() * 180 - 90
    let longitude = input.fraction() * 360 - 180
    let altitude = input.byte() & 1 == 0 ? nil : input.fraction() * 112_000 - 12_000
    let name = String(decoding: input.rest, as: UTF8.self)
    let location = PhotoLocation(latitude: latitude, longitude: longitude, altitude: altitude)

    checkGeoURI(location)
    checkGeoJSON(location, name: name)
    precondition(location.displayCoordinates.contains("°"), "display text: \(location.displayCoordinates)")
    return 0
}

/// geo:LAT,LON[,ALT] with plain decimals, each within half a micro-degree (or millimetre).
func checkGeoURI(_ location: PhotoLocation) {
    let uri = location.geoURI
    precondition(uri.hasPrefix("geo:"), "\(uri) lacks the scheme")
    let numbers = uri.dropFirst(4).split(separator: ",", omittingEmptySubsequences: false)
    let expected = [location.latitude, location.longitude] + (location.altitude.map { [$0] } ?? [])
    precondition(numbers.count == expected.count, "\(uri) has \(numbers.count) values")
    for (text, value) in zip(numbers, expected) {
        precondition(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }, "\(uri): “\(text)”")
        guard let parsed = Double(text) else { preconditionFailure("\(uri): “\(text)” is not a number") }
        // Six decimals round by at most 5e-7; parsing adds at most a few units in the last place.
        precondition(abs(parsed - value) <= 5e-7 + 4 * value.ulp, "\(uri) gives \(parsed), not \(value)")
    }
}

/// A Feature whose Point holds [lon, lat(, alt)] and whose name is the name given.
func checkGeoJSON(_ location: PhotoLocation, name: String) {
    let json = location.geoJSON(name: name)
    guard let feature = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
        preconditionFailure("GeoJSON does not parse: \(String(decoding: json, as: UTF8.self))")
    }
    let geometry = feature["geometry"] as? [String: Any]
    let coordinates = (geometry?["coordinates"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    let expected = [location.longitude, location.latitude] + (location.altitude.map { [$0] } ?? [])
    precondition(feature["type"] as? String == "Feature" && geometry?["type"] as? String == "Point", "not a Point Feature")
    precondition(coordinates?.count == expected.count, "coordinates \(String(describing: coordinates)), expected \(expected)")
    for (got, value) in zip(coordinates!, expected) {
        precondition(abs(got - value) <= 1e-9 * max(1, abs(value)), "coordinate \(got), expected \(value)")
    }
    let parsedName = (feature["properties"] as? [String: Any])?["name"] as? String
    precondition(parsedName == name, "name \(String(describing: parsedName?.debugDescription)) came back for \(name.debugDescription)")
}

/// Reads fixed-size values off the front of the input, zeros once it runs out.
struct Input {
    var rest: UnsafeBufferPointer<UInt8>.SubSequence
    init(_ bytes: UnsafeBufferPointer<UInt8>) { rest = bytes[...] }

    mutating func byte() -> UInt8 {
        guard let first = rest.first else { return 0 }
        rest = rest.dropFirst()
        return first
    }

    /// 0…1 from eight bytes, both ends included, so the range limits are reached.
    mutating func fraction() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bits) / Double(UInt64.max)
    }
}

@_cdecl("FuzzGeo_main")
public func fuzzGeoMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzGeo)
}
