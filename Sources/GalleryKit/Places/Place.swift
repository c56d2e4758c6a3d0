import Foundation

/// A populated place from the GeoNames data (a town or city of 1,000 people or more).
public struct Place: Hashable, Sendable {
    public let name: String
    /// The first-level division: a state, province or region ("California"); may be empty.
    public let region: String
    /// ISO 3166-1 alpha-2 ("US").
    public let countryCode: String
    public let latitude: Double
    public let longitude: Double

    /// "Sausalito, California, US": the region is left out when empty or the same as the name.
    public var displayName: String {
        var parts = [name]
        if !region.isEmpty && region != name { parts.append(region) }
        if !countryCode.isEmpty { parts.append(countryCode) }
        return parts.joined(separator: ", ")
    }
}

/// The nearest place to a location, and how far it is.
public struct PlaceMatch: Hashable, Sendable {
    public let place: Place
    /// Great-circle distance, in metres.
    public let distance: Double
}

/// Why the places data could not be loaded.
public enum PlaceDataError: Error, Equatable, Sendable {
    case unreadable(URL, detail: String)
    /// Not a Drover places file, or damaged at `line` (1-based).
    case malformed(URL, line: Int, detail: String)
}
