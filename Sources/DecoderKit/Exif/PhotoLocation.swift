/// Where a photo was taken, from its EXIF GPS tags: WGS 84 degrees, north and east
/// positive, and the altitude in metres above sea level (negative below) when recorded.
/// Read by the decode child (`ExifGPS`), and kept by the library (GalleryKit's rows, places
/// and formats): DecoderKit's, as `PixelSize` is, so both sides of the wire name one type.
public struct PhotoLocation: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Latitude in -90…90 and longitude in -180…180, both finite.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
