// Where the tests' files are: the checkout's data/ (samples, places) and the fixtures
// (Fixtures/, copied into this module's bundle; their README says how each was made).
import Foundation

/// The repository's folders, found from this file (tests run from anywhere).
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static func sample(_ name: String) -> URL { root.appendingPathComponent("data/samples/\(name)") }
    public static let places = root.appendingPathComponent("data/places/places.tsv")
    public static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }
}
