import Foundation
import Testing
@testable import DragKit

/// The load path every way in takes (a drop from another application, a paste, files named
/// on the command line): fake providers standing in for GTK's reader.
@MainActor @Suite struct DropLoadTests {
    let clock = ManualDragClock()

    @Test func progressReachesThePlaceholderWhileTheDataComes() async throws {
        let collection = PlaceholderCollection(["a"])
        let gate = LoadGate()
        let reported = LoadGate()
        var provider = ItemProvider(suggestedName: "slow.png")
        provider.register(.png) { progress in
            progress(0.25)
            progress(0.6)
            await reported.open()
            try await gate.wait()
            return Data("slow".utf8)
        }
        let drop = DropSession(external: [DragItem(provider: provider)])
        let load = drop.loadItems(drop.items, into: collection, at: 1) { String(decoding: $0.data, as: UTF8.self) }
        let placeholder = load.placeholders[0]
        try await reported.wait()
        #expect(await settled { placeholder.progress == 0.6 })
        #expect(placeholder.state == .loading)
        #expect(load.overallProgress == 0.6)
        #expect(collection.snapshot == ["a", "#0"])

        await gate.open()
        await load.wait()
        #expect(collection.snapshot == ["a", "slow"])
        #expect(load.overallProgress == 1)
    }

    @Test func aSilentSourceStallsItsPlaceholderWhichStaysAndSaysSo() async {
        let collection = PlaceholderCollection(["a", "b"])
        let never = LoadGate()
        let drop = DropSession(external: [slowImage(named: "hung", gate: never)])
        let rule = StallRule(limit: .seconds(20), clock: clock) { [clock] duration in clock.advance(by: duration) }
        let load = drop.loadItems(drop.items, into: collection, at: 1, stallRule: rule) {
            String(decoding: $0.data, as: UTF8.self)
        }
        let placeholder = load.placeholders[0]
        await placeholder.waitForLoad()  // the stall stops the load
        #expect(placeholder.hasStalled)
        #expect(placeholder.state == .failed("No data for 20 s"))
        #expect(collection.snapshot == ["a", "#0", "b"], "a stalled placeholder stays until dismissed")

        await never.open()  // the source wakes up: too late, ignored
        #expect(placeholder.commit("late") == nil)
        placeholder.delete()
        #expect(collection.snapshot == ["a", "b"])
    }

    @Test func aLoadThatEndsInTimeNeverStalls() async {
        let collection = PlaceholderCollection<String>([])
        let clockGate = LoadGate()
        var provider = ItemProvider()
        provider.register(.png) { progress in
            progress(0)  // a chunk of unknown size: a sign of life, no fraction
            return Data("quick".utf8)
        }
        let drop = DropSession(external: [DragItem(provider: provider)])
        // The stall clock only moves once the test lets it, after the load is over.
        let rule = StallRule(limit: .seconds(20), clock: clock) { [clock] duration in
            try await clockGate.wait()
            clock.advance(by: duration)
        }
        let load = drop.loadItems(drop.items, into: collection, at: 0, stallRule: rule) {
            String(decoding: $0.data, as: UTF8.self)
        }
        await load.wait()
        await clockGate.open()
        #expect(collection.snapshot == ["quick"])
        #expect(!load.placeholders[0].hasStalled)
    }

    @Test func cancellingAWatchedLoadDeletesItsPlaceholderAndNeverStalls() async {
        let collection = PlaceholderCollection(["a"])
        let never = LoadGate()
        let sleeping = LoadGate()
        let drop = DropSession(external: [slowImage(named: "dismissed", gate: never)])
        let rule = StallRule(limit: .seconds(20), clock: clock) { _ in
            await sleeping.open()
            try await never.wait()  // until cancelled
        }
        let load = drop.loadItems(drop.items, into: collection, at: 0, stallRule: rule) {
            String(decoding: $0.data, as: UTF8.self)
        }
        try? await sleeping.wait()
        load.placeholders[0].cancel()
        await load.wait()
        #expect(collection.snapshot == ["a"])
        #expect(!load.placeholders[0].hasStalled)
        #expect(load.isFinished)
    }

    @Test func aFailedReadFailsItsPlaceholderWithTheReadersWords() async {
        let collection = PlaceholderCollection(["a"])
        var provider = ItemProvider()
        provider.register(.uriList) { _ in throw ReaderFailure() }
        let kept = LoadGate()
        let drop = DropSession(external: [DragItem(provider: provider), slowImage(named: "kept", gate: kept)])
        let load = drop.loadItems(drop.items, into: collection, at: 1) { String(decoding: $0.data, as: UTF8.self) }
        await load.placeholders[0].waitForLoad()
        #expect(load.placeholders[0].state == .failed("The other application sent no data"))
        #expect(load.placeholders[1].state == .loading, "one failure spares the other items")
        await kept.open()
        await load.wait()
        #expect(collection.snapshot == ["a", "#0", "kept"])
    }

    @Test func aProviderThatLiesAboutItsTypeFailsAndNothingLands() async {
        let collection = PlaceholderCollection(["a"])
        // Says PNG, sends a GIF.
        var liar = ItemProvider(suggestedName: "fake.png")
        liar.register(.png) { _ in Data("GIF89a".utf8) }
        // Says PNG, then cannot produce it at all (GTK offers a type it then refuses).
        var empty = ItemProvider(suggestedName: "gone.png")
        empty.register(.png) { _ in throw ItemProviderError.unsupportedType(.png) }
        let drop = DropSession(external: [DragItem(provider: liar), DragItem(provider: empty)])
        let load = drop.loadItems(drop.items, into: collection, at: 1) { loaded in
            guard loaded.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw NotAPNG() }
            return "png"
        }
        await load.wait()
        #expect(load.placeholders[0].state == .failed("The data is not a PNG image"))
        guard case .failed = load.placeholders[1].state else {
            Issue.record("a provider that cannot produce its type must fail, not \(load.placeholders[1].state)")
            return
        }
        #expect(collection.snapshot == ["a", "#0", "#1"])
        #expect(!collection.items.contains("png"))
    }

    @Test func anItemNoTargetTypeFitsFailsSayingSo() async {
        let collection = PlaceholderCollection<String>([])
        var provider = ItemProvider()
        provider.register(.geoJSON) { _ in Data("{}".utf8) }
        let drop = DropSession(external: [DragItem(provider: provider)],
                               rules: DropRules(importableTypes: [.anyImage]))
        let load = drop.loadItems(drop.items, into: collection, at: 0) { _ in "never" }
        await load.wait()
        guard case .failed = load.placeholders[0].state else {
            Issue.record("expected a failure, got \(load.placeholders[0].state)")
            return
        }
    }

    @Test func theAppsImportResolvesThePlaceholderWhenItsChangeArrives() async {
        let collection = PlaceholderCollection(["a", "b"])
        var provider = ItemProvider()
        provider.register(.plainText) { _ in Data("a note".utf8) }
        provider.register(.png) { _ in Data("png".utf8) }
        let library = LoadGate()
        // Drover's own order: files, then images, then text.
        let drop = DropSession(external: [DragItem(provider: provider)],
                               rules: DropRules(importableTypes: [.photoID, .uriList, .anyImage, "text/plain"]))
        let imported = Recorder<String>()
        let load = drop.loadItems(drop.items, into: collection, at: 1) { loaded, context in
            imported.append(loaded.type.mimeType)
            // The app's library inserts the item later; its change commits the placeholder.
            try await library.wait()
            context.commit(String(decoding: loaded.data, as: UTF8.self))
        }
        collection.insert("x", at: 0)  // the collection changes meanwhile
        await library.open()
        await load.wait()
        #expect(imported.values == ["image/png"], "the rules prefer an image to text")
        #expect(collection.snapshot == ["x", "a", "png", "b"])
    }

    @Test func theAppsImportMayCancel() async {
        let collection = PlaceholderCollection(["a"])
        var provider = ItemProvider()
        provider.register(.png) { _ in Data("png".utf8) }
        let drop = DropSession(external: [DragItem(provider: provider)])
        let load = drop.loadItems(drop.items, into: collection, at: 0) { _, _ in throw CancellationError() }
        await load.wait()
        #expect(collection.snapshot == ["a"])
    }

    /// Lets the main actor run the progress reports already sent to it; bounded.
    private func settled(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }
}

private struct ReaderFailure: LocalizedError {
    var errorDescription: String? { "The other application sent no data" }
}

private struct NotAPNG: LocalizedError {
    var errorDescription: String? { "The data is not a PNG image" }
}

@Suite struct URIListFormatTests {
    @Test func filesSurviveTheRoundTripInOrder() {
        let urls = [URL(fileURLWithPath: "/tmp/a b.png"), URL(fileURLWithPath: "/tmp/é.jpg"), URL(string: "https://example.org/x")!]
        #expect(URIListFormat.decode(URIListFormat.encode(urls)) == urls)
    }

    @Test func commentsAndBlankLinesAreSkipped() {
        let list = "# from a file manager\r\nfile:///tmp/a.png\r\n\r\nfile:///tmp/b.png\n"
        #expect(URIListFormat.decode(Data(list.utf8)).map(\.path) == ["/tmp/a.png", "/tmp/b.png"])
    }
}
