import Foundation
import Testing
@testable import DragKit

@Suite struct ContentTypeTests {
    @Test func spellingDifferencesDoNotMatter() {
        #expect(ContentType("Text/Plain; Charset=UTF-8") == .plainText)
        #expect(ContentType(" image/PNG ") == .png)
    }

    @Test func patternsMatchFamiliesAndIgnoreUnrequestedParameters() {
        #expect(ContentType.png.conforms(to: .anyImage))
        #expect(!ContentType.plainText.conforms(to: .anyImage))
        #expect(ContentType.plainText.conforms(to: "text/plain"))
        #expect(!ContentType("text/plain").conforms(to: .plainText))
        #expect(!ContentType("text/plain;charset=latin1").conforms(to: .plainText))
        #expect(ContentType.geoJSON.conforms(to: "*/*"))
        #expect(!ContentType("imagery/png").conforms(to: .anyImage))
    }
}

@Suite struct ItemProviderTests {
    func provider(_ types: [ContentType]) -> ItemProvider {
        var provider = ItemProvider()
        for type in types { provider.register(type) { _ in Data(type.mimeType.utf8) } }
        return provider
    }

    @Test func knowsWhatItCanLoadWithoutLoading() {
        let loads = Recorder<ContentType>()
        var provider = ItemProvider()
        provider.register(.jpeg) { _ in loads.append(.jpeg); return Data() }
        provider.register(.geoJSON) { _ in loads.append(.geoJSON); return Data() }
        #expect(provider.canLoad(.jpeg))
        #expect(provider.canLoad(.anyImage))
        #expect(!provider.canLoad(.png))
        #expect(provider.canLoad(anyOf: [.png, .geoJSON]))
        #expect(provider.types == [.jpeg, .geoJSON])
        #expect(loads.values.isEmpty)
    }

    @Test func theTargetsPreferenceDecidesFirst() {
        let source = provider([.png, .jpeg, .uriList])
        #expect(source.bestType(among: [.jpeg, .png]) == .jpeg)
        #expect(source.bestType(among: [.uriList, .anyImage]) == .uriList)
        #expect(source.bestType(among: [.geoJSON, .plainText]) == nil)
    }

    @Test func theSourcesOrderBreaksTies() {
        // `image/*` is one preference matched by two representations: the source's first wins.
        #expect(provider([.jpeg, .png]).bestType(among: [.anyImage, .uriList]) == .jpeg)
        #expect(provider([.png, .jpeg]).bestType(among: [.anyImage, .uriList]) == .png)
    }

    @Test func registeringATypeAgainKeepsItsPlace() async throws {
        var source = provider([.png, .jpeg])
        source.register(.png) { _ in Data("second".utf8) }
        #expect(source.types == [.png, .jpeg])
        #expect(try await source.load(.png) == Data("second".utf8))
    }

    @Test func loadsTheBestRepresentationWithProgressEndingAtOne() async throws {
        var source = ItemProvider()
        source.register(.png) { progress in
            progress(0.25)
            progress(7)  // a careless loader: clamped
            return Data("png".utf8)
        }
        let reports = Recorder<Double>()
        let loaded = try await source.loadBest(among: [.anyImage]) { reports.append($0) }
        #expect(loaded.type == .png)
        #expect(loaded.data == Data("png".utf8))
        #expect(reports.values == [0, 0.25, 1, 1])
    }

    @Test func loadingAnUnofferedTypeFails() async {
        await #expect(throws: ItemProviderError.unsupportedType(.png)) {
            try await provider([.jpeg]).load(.png)
        }
        await #expect(throws: ItemProviderError.noAcceptableType([.geoJSON])) {
            try await provider([.jpeg]).loadBest(among: [.geoJSON])
        }
    }

    @Test func anUnavailableRepresentationYieldsToTheNextCandidate() async throws {
        // A browser's drag: a file list holding only a web address, then image data.
        var source = ItemProvider()
        source.register(.uriList) { _ in throw ItemProviderError.unavailable("No files in the list") }
        source.register(.webImage) { _ in throw ItemProviderError.unavailable("No web address") }
        source.register(.jpeg) { _ in Data("jpeg".utf8) }
        source.register(.plainText) { _ in Data("text".utf8) }
        #expect(source.candidateTypes(among: [.uriList, .webImage, .anyImage, .anyText])
            == [.uriList, .webImage, .jpeg, .plainText])
        let loaded = try await source.loadBest(among: [.uriList, .webImage, .anyImage, .anyText])
        #expect(loaded.type == .jpeg)
        #expect(loaded.data == Data("jpeg".utf8))
    }

    @Test func aFailureOtherThanUnavailableEndsTheLoad() async {
        // A download that the server refused is that image's failure: it does not become a note.
        struct ServerRefused: Error, Equatable {}
        var source = ItemProvider()
        source.register(.webImage) { _ in throw ServerRefused() }
        source.register(.plainText) { _ in Data("https://example.org/a.jpg".utf8) }
        await #expect(throws: ServerRefused()) {
            try await source.loadBest(among: [.webImage, .anyText])
        }
    }

    @Test func whenEveryCandidateIsUnavailableTheBestOnesReasonIsGiven() async {
        var source = ItemProvider()
        source.register(.octetStream) { _ in throw ItemProviderError.unavailable("Not an image") }
        source.register(.uriList) { _ in throw ItemProviderError.unavailable("No files in the list") }
        await #expect(throws: ItemProviderError.unavailable("No files in the list")) {
            try await source.loadBest(among: [.uriList, .octetStream])
        }
    }

    @Test func cancellingTheTaskCancelsTheLoad() async {
        let gate = LoadGate()
        var source = ItemProvider()
        source.register(.png) { _ in
            try await gate.wait()
            return Data("late".utf8)
        }
        let task = Task { try await source.load(.png) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aLoaderThatIgnoresCancellationStillDeliversNothing() async {
        var source = ItemProvider()
        source.register(.png) { _ in Data("stubborn".utf8) }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await source.load(.png)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func carriesANameAndAPresentationSize() {
        let source = ItemProvider(suggestedName: "bridge.jpg", preferredPresentationSize: Size(width: 4000, height: 3000))
        #expect(source.suggestedName == "bridge.jpg")
        #expect(source.preferredPresentationSize == Size(width: 4000, height: 3000))
    }
}

@Suite struct FileLeaseTests {
    @Test func aLoadedFileLivesUntilTheLeaseEnds() async throws {
        // The source's own file disappears as soon as it has handed it over.
        let original = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID()).png")
        try Data("pixels".utf8).write(to: original)
        var source = ItemProvider(suggestedName: "sunset.png")
        source.registerFile(.png) { _ in original }

        let lease = try FileLease()
        let file = try await source.loadFile(.png, into: lease)
        try FileManager.default.removeItem(at: original)

        #expect(file.lastPathComponent == "sunset.png")
        #expect(try Data(contentsOf: file) == Data("pixels".utf8))
        lease.end()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: lease.directory.path))
        await #expect(throws: FileLeaseError.ended) { try await source.loadFile(.png, into: lease) }
    }

    @Test func dataBecomesAFileAndNamesNeverCollide() async throws {
        var first = ItemProvider(suggestedName: "../../etc/photo.png")
        first.register(.png) { _ in Data("one".utf8) }
        var second = ItemProvider(suggestedName: "photo.png")
        second.register(.png) { _ in Data("two".utf8) }
        var unnamed = ItemProvider()
        unnamed.register(.geoJSON) { _ in Data("{}".utf8) }

        let lease = try FileLease()
        defer { lease.end() }
        let a = try await first.loadFile(.png, into: lease)
        let b = try await second.loadFile(.png, into: lease)
        let c = try await unnamed.loadFile(.geoJSON, into: lease)
        #expect(a != b)
        #expect(a.lastPathComponent == "photo.png")
        #expect(a.path.hasPrefix(lease.directory.path))
        #expect(try Data(contentsOf: a) == Data("one".utf8))
        #expect(try Data(contentsOf: b) == Data("two".utf8))
        #expect(c.pathExtension == "geojson")
    }

    @Test func releasingTheLeaseCleansUp() throws {
        var directory: URL?
        do {
            let lease = try FileLease()
            directory = lease.directory
            #expect(FileManager.default.fileExists(atPath: lease.directory.path))
        }
        #expect(!FileManager.default.fileExists(atPath: directory!.path))
    }
}
