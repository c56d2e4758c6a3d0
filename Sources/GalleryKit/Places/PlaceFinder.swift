// GalleryKit/Places: the offline reverse geocoder. The GeoNames-derived data set
// (PlaceData), its k-d tree (PlaceIndex) and the nearest town to a position. Positions
// themselves come from Metadata/.

import DecoderKit
import Foundation
import Synchronization

/// An offline reverse geocoder: the nearest town or city to a location, from the GeoNames
/// data in `data/places/places.tsv`. No network.
///
/// The file is loaded once, on first use, off the caller's thread (about 144,000 places);
/// later lookups take microseconds. Share one finder for the whole app. If loading fails,
/// every lookup throws the same error (the file will not fix itself while Drover runs).
public final class PlaceFinder: Sendable {
    /// The places file; how the app finds its `data/` folder is the app's business.
    public let dataURL: URL
    /// Farther than this (metres) from any place, a location has no place name: a photo
    /// taken at sea is not "near" a town 400 km away.
    public let maxDistance: Double

    private let index = Mutex<Task<PlaceIndex, any Error>?>(nil)

    public init(dataURL: URL, maxDistance: Double = 100_000) {
        self.dataURL = dataURL
        self.maxDistance = maxDistance
    }

    /// Loads the data now (it is loaded on first use otherwise). Returns the place count.
    ///
    /// - Throws: `PlaceDataError`.
    @discardableResult
    public func load() async throws -> Int {
        try await loadedIndex().data.count
    }

    /// The nearest place and its distance, whatever the distance; nil for an invalid location.
    public func nearestPlace(to location: PhotoLocation) async throws -> PlaceMatch? {
        guard location.isValid else { return nil }
        return try await loadedIndex().nearest(latitude: location.latitude, longitude: location.longitude)
    }

    /// "Sausalito, California, US": the nearest place within `maxDistance`, or nil.
    public func placeName(for location: PhotoLocation) async throws -> String? {
        guard let match = try await nearestPlace(to: location), match.distance <= maxDistance else { return nil }
        return match.place.displayName
    }

    private func loadedIndex() async throws -> PlaceIndex {
        let url = dataURL
        let task = index.withLock { task in
            if let task { return task }
            // Unstructured on purpose: the load is shared, so one caller's cancellation
            // must not cancel it for the others.
            let loading = Task { try await BlockingWork.run { () throws -> PlaceIndex in PlaceIndex(try PlaceData.load(url)) } }
            task = loading
            return loading
        }
        return try await task.value
    }
}
