// The place-data reader (data/places/places.tsv's format) and the nearest-place index
// built from what it accepts. Whatever it accepts must be consistent (every region
// index valid, positions in range), and the k-d tree must find the same distance as a
// brute-force search.
import FuzzDriver
@testable import GalleryKit
import Foundation

let source = URL(fileURLWithPath: "fuzz-input.tsv")

/// Where the nearest place is looked up: the poles, the date line, ordinary places.
let queries: [(Double, Double)] = [(0, 0), (90, 0), (-90, 0), (0, 180), (0, -180), (48.8566, 2.3522), (-33.87, 151.21)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaces(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let places = try? PlaceData.parse(Array(UnsafeBufferPointer(start: data, count: size)), from: source) else { return 0 }
    for index in 0..<places.count {
        let place = places.place(at: index)
        precondition(abs(place.latitude) <= 90 && abs(place.longitude) <= 180, "position out of range accepted")
    }
    let tree = PlaceIndex(places)
    for (latitude, longitude) in queries {
        guard let match = tree.nearest(latitude: latitude, longitude: longitude) else {
            precondition(places.count == 0, "no match among \(places.count) places")
            continue
        }
        let best = (0..<places.count).map {
            PlaceIndex.haversine(latitude, longitude, places.latitudes[$0], places.longitudes[$0])
        }.min()!
        // Chord and great-circle orders agree up to rounding: a metre is far above it.
        precondition(match.distance <= best + 1, "k-d tree found \(match.distance) m, brute force \(best) m")
    }
    return 0
}

@_cdecl("FuzzPlaces_main")
public func fuzzPlacesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzPlaces)
}
