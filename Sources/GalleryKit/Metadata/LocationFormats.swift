import DecoderKit
import Foundation

/// How a photo's location travels to other applications: a `geo:` URI
/// (RFC 5870) as text, and a GeoJSON Point Feature (RFC 7946) with the place's
/// name, which GNOME Maps opens as a pin when it is dropped as a `.geojson` file.
extension PhotoLocation {
    /// `geo:37.8199,-122.4783` (with the altitude as a third value when known).
    public var geoURI: String {
        var uri = "geo:\(Self.format(latitude)),\(Self.format(longitude))"
        if let altitude { uri += ",\(Self.format(altitude))" }
        return uri
    }

    /// A GeoJSON Feature with a Point geometry (longitude first, as RFC 7946 says).
    public func geoJSON(name: String) -> Data {
        var coordinates: [Double] = [longitude, latitude]
        if let altitude { coordinates.append(altitude) }
        let feature: [String: Any] = [
            "type": "Feature",
            "geometry": ["type": "Point", "coordinates": coordinates],
            "properties": ["name": name],
        ]
        // JSONSerialization of these literal types cannot fail.
        return (try? JSONSerialization.data(withJSONObject: feature, options: [.sortedKeys])) ?? Data()
    }

    /// "37.8199° N, 122.4783° W", for people.
    public var displayCoordinates: String {
        String(format: "%.4f° %@, %.4f° %@", abs(latitude), latitude >= 0 ? "N" : "S",
               abs(longitude), longitude >= 0 ? "E" : "W")
    }

    private static func format(_ value: Double) -> String {
        // Enough digits for about a metre; no exponent notation.
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
