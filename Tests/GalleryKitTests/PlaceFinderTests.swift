import DecoderKit
import Foundation
import TestSupport
import Testing
@testable import GalleryKit

@Suite struct PlaceFinderTests {
    /// One finder for the suite: the file is loaded once, as in the app.
    static let finder = PlaceFinder(dataURL: Repository.places)

    @Test func theBridgeSampleIsNearSausalito() async throws {
        let name = try await Self.finder.placeName(for: PhotoLocation(latitude: 37.8199, longitude: -122.4783))
        #expect(name == "Sausalito, California, US")
    }

    @Test(arguments: [
        (-33.8568, 151.2153, "Kirribilli, New South Wales, AU"),      // Sydney Opera House, across the harbour
        (51.5007, -0.1246, "City of Westminster, England, GB"),       // Big Ben
        (64.1466, -21.9426, "Reykjavik, Capital Region, IS"),
        (-22.9519, -43.2105, "Rio de Janeiro, BR"),                   // the region has the city's name
        (40.6892, -74.0445, "New York City, New York, US"),           // the Statue of Liberty
        (35.6586, 139.7454, "Tokyo, JP"),
    ])
    func wellKnownPlaces(latitude: Double, longitude: Double, expected: String) async throws {
        let match = try #require(try await Self.finder.nearestPlace(to: PhotoLocation(latitude: latitude, longitude: longitude)))
        #expect(match.place.displayName == expected)
        #expect(match.distance < 10_000)
    }

    @Test func farFromAnyPlaceThereIsNoName() async throws {
        let midPacific = PhotoLocation(latitude: 0, longitude: -160)
        let match = try #require(try await Self.finder.nearestPlace(to: midPacific))
        #expect(match.distance > 300_000)
        #expect(try await Self.finder.placeName(for: midPacific) == nil)
        #expect(try await Self.finder.nearestPlace(to: PhotoLocation(latitude: 91, longitude: 0)) == nil, "invalid")
    }

    @Test func loadsTheWholeFile() async throws {
        #expect(try await Self.finder.load() > 140_000)
    }

    /// The tree must agree with a brute-force search everywhere, poles and the 180° meridian included.
    @Test func theTreeFindsTheSameNearestPlaceAsALinearScan() {
        var random = SeededRandom(seed: 7)
        var data = PlaceData()
        data.regions = [("XX", "Testland")]
        for index in 0..<3000 {
            // A few clusters on purpose: near the poles and on both sides of ±180°.
            let latitude = index % 10 == 0 ? random.uniform(80, 90) * (index % 20 == 0 ? 1 : -1) : random.uniform(-90, 90)
            let longitude = index % 7 == 0 ? random.uniform(178, 180) * (index % 14 == 0 ? 1 : -1) : random.uniform(-180, 180)
            data.names.append("P\(index)")
            data.latitudes.append(latitude)
            data.longitudes.append(longitude)
            data.regionIndices.append(0)
        }
        let index = PlaceIndex(data)
        for query in 0..<500 {
            let latitude = query % 5 == 0 ? random.uniform(85, 90) : random.uniform(-90, 90)
            let longitude = query % 3 == 0 ? random.uniform(179, 180) * -1 : random.uniform(-180, 180)
            let found = try! #require(index.nearest(latitude: latitude, longitude: longitude))
            let best = (0..<data.count).map { PlaceIndex.haversine(latitude, longitude, data.latitudes[$0], data.longitudes[$0]) }.min()!
            #expect(abs(found.distance - best) < 1e-6, "at \(latitude), \(longitude): \(found.distance) vs \(best)")
        }
    }

    @Test func aBadFileIsReportedTheSameWayEveryTime() async throws {
        let temp = try TemporaryDirectory()
        let missing = PlaceFinder(dataURL: temp.file("none.tsv"))
        for _ in 0..<2 {
            await #expect { _ = try await missing.load() } throws: { error in
                if case .unreadable = error as? PlaceDataError { true } else { false }
            }
        }
        let cases = [
            ("not ours\n", 1),
            ("#drover-places 1\nregions 1\nUS\tCalifornia\nplaces 2\n378591\t-1224853\tSausalito\t0\n", 6),
            ("#drover-places 1\n# comment\nregions 1\nUS\tCalifornia\nplaces 1\n378591\t-1224853\tSausalito\t3\n", 6),
            ("#drover-places 1\nregions 1\nUS\tCalifornia\nplaces 1\n37.8591\t-122.4853\tSausalito\t0\n", 5),
            // Found by fuzzing (FuzzTesting/Corpus/places/regression-huge-count.tsv): a count
            // of 49 billion once reserved memory for that many entries and crashed.
            ("#drover-places 1\n# p\nregions 0491490491497", 3),
            ("#drover-places 1\nregions 1\nUS\tCalifornia\nplaces 9223372036854775807\n0\t0\tX\t0\n", 4),
        ]
        for (text, line) in cases {
            let url = temp.file("bad-\(line)-\(text.count).tsv")
            try Data(text.utf8).write(to: url)
            await #expect { _ = try await PlaceFinder(dataURL: url).load() } throws: { error in
                if case .malformed(_, let reported, _) = error as? PlaceDataError { reported == line } else { false }
            }
        }
        let good = temp.file("good.tsv")
        try Data("#drover-places 1\nregions 1\nUS\tCalifornia\nplaces 1\n378591\t-1224853\tSausalito\t0\n".utf8).write(to: good)
        #expect(try await PlaceFinder(dataURL: good).placeName(for: PhotoLocation(latitude: 37.8, longitude: -122.4)) == "Sausalito, California, US")
    }

    /// Not a budget check (tests do not time things): prints the figures for the report.
    @Test func reportsLoadAndLookupTimes() async throws {
        let finder = PlaceFinder(dataURL: Repository.places)
        let clock = ContinuousClock()
        let load = try await clock.measure { try await finder.load() }
        var random = SeededRandom(seed: 1)
        let lookups = 10_000
        let queries = (0..<lookups).map { _ in PhotoLocation(latitude: random.uniform(-60, 70), longitude: random.uniform(-180, 180)) }
        var found = 0
        let lookup = try await clock.measure {
            for query in queries where try await finder.nearestPlace(to: query) != nil { found += 1 }
        }
        // Every valid location has a nearest place, however far.
        #expect(found == lookups, "\(lookups - found) of \(lookups) valid locations found no place")
        #expect(try await finder.placeName(for: PhotoLocation(latitude: 37.8199, longitude: -122.4783))
                == "Sausalito, California, US", "the loaded data answers a known lookup")
        print("places: load \(load), \(lookups) lookups \(lookup) (\(lookup / lookups) each)")
    }
}

/// A small deterministic generator, so failures can be replayed.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
