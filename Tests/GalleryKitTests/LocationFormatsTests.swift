import DecoderKit
import Foundation
import Testing
@testable import GalleryKit

@Suite struct LocationFormatsTests {
    let goldenGate = PhotoLocation(latitude: 37.8199, longitude: -122.4783)

    @Test func geoURIFollowsRFC5870() {
        #expect(goldenGate.geoURI == "geo:37.8199,-122.4783")
        #expect(PhotoLocation(latitude: -33.5, longitude: 151, altitude: 67).geoURI == "geo:-33.5,151,67")
    }

    @Test func geoJSONIsAPointFeatureWithLongitudeFirstAndAName() throws {
        let data = goldenGate.geoJSON(name: "Sausalito, California, US")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["type"] as? String == "Feature")
        let geometry = try #require(object["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [-122.4783, 37.8199])
        #expect((object["properties"] as? [String: Any])?["name"] as? String == "Sausalito, California, US")
    }

    @Test func coordinatesReadNaturally() {
        #expect(goldenGate.displayCoordinates == "37.8199° N, 122.4783° W")
    }
}
