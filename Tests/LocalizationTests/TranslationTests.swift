import Foundation
import Glibc
@testable import Localization
import XCTest

/// The real catalogues (po/de.po, po/fr.po), compiled as the app's are, looked up the
/// way Drover does: the plural rules, placeholders and context keys must survive the trip.
final class TranslationTests: XCTestCase {
    private static let catalogues: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("drover-locale-\(getpid())").path
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/bin/bash")
        compile.arguments = [root.appendingPathComponent("scripts/compile-translations.sh").path, target]
        try? compile.run()
        compile.waitUntilExit()
        precondition(compile.terminationStatus == 0, "scripts/compile-translations.sh failed (is gettext installed?)")
        return target
    }()

    override func setUp() {
        // LANGUAGE picks the catalogue; gettext ignores it under the plain "C" locale.
        _ = setlocale(LC_ALL, "C.UTF-8")
        Localization.start(directory: Self.catalogues)
        _ = setlocale(LC_ALL, "C.UTF-8")
    }

    override func tearDown() { unsetenv("LANGUAGE") }

    private func speaking(_ language: String, _ body: () -> Void) {
        setenv("LANGUAGE", language, 1)
        body()
    }

    func testGermanPluralsFollowTheCount() {
        speaking("de") {
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 1), "1 Foto")
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 3), "3 Fotos")
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 0), "0 Fotos")
        }
    }

    func testFrenchCountsZeroAndOneAsSingular() {
        speaking("fr") {
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 0), "0 photo")
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 1), "1 photo")
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 2), "2 photos")
        }
    }

    func testPlaceholdersAreFilledWhereTheTranslationPutsThem() {
        speaking("de") {
            XCTAssertEqual(tr("Added {photos} to {album}.", ["photos": "2 Fotos", "album": "Reise"]),
                           "2 Fotos zu Reise hinzugefügt.")
        }
    }

    func testEnglishWhenNoCatalogueMatches() {
        speaking("xx") {
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 1), "1 photo")
            XCTAssertEqual(ntr("{count} photo", "{count} photos", 5), "5 photos")
            XCTAssertEqual(ctr("date", "Added"), "Added", "an untranslated context key comes back without its context")
        }
    }

    func testContextTellsOneEnglishWordApart() {
        speaking("de") {
            XCTAssertEqual(ctr("date", "Added"), "Hinzugefügt am")
        }
    }

    func testUnknownPlaceholdersStayVisible() {
        XCTAssertEqual(Localization.fill("{a} and {b}", ["a": 1]), "1 and {b}")
    }
}
