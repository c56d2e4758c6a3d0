import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// Two-phase import, as a drop's placeholder uses it: prepare (slow, invisible), then
/// commit at the placeholder's index of the moment, or discard.
@Suite struct PreparedImportTests {
    @Test func preparingShowsNothingAndCommitInsertsOneStepAtTheIndex() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(3, named: "p", in: temp)
        var mirror = try await Mirror(library, .allPhotos)
        let raw = ChangeLog()
        let token = library.addObserver(for: .allPhotos) { raw.append($0) }
        defer { token.cancel() }

        let source = try TestImages.write(temp.file("dropped.jpg"), width: 300, height: 200, format: .jpeg)
        let prepared = try await library.prepareImport(ImportSource(url: source, title: "Dropped"))
        #expect(prepared.source == source)
        #expect(prepared.title == "Dropped")
        #expect(prepared.pixelSize == PixelSize(width: 300, height: 200))
        #expect(FileManager.default.fileExists(atPath: prepared.thumbnailURL.path))
        #expect(listing(library.location.photosDirectory).contains("dropped.jpg"))

        // Nothing observable: no batch, no row, no tile.
        await library.waitForObservers()
        #expect(raw.takeCollections().isEmpty)
        #expect(try await library.photoCount() == 3)
        #expect(try await library.titles(in: .allPhotos) == ["p-1", "p-2", "p-3"])

        // The placeholder moved meanwhile: the app commits at the index it has now.
        try await library.moveItems([.photo(ids[2])], to: 0, in: .allPhotos)
        try await mirror.check()
        _ = raw.takeCollections()

        let committed = try await library.commitImports([prepared], into: .allPhotos(at: 1))
        #expect(committed.count == 1)
        await library.waitForObservers()
        let batches = raw.takeCollections()
        #expect(batches.count == 1)
        guard let steps = batches.first?.steps, steps.count == 1, case .insert(let item, let index) = steps[0] else {
            Issue.record("expected one insert step, got \(batches.map(\.steps))")
            return
        }
        #expect(index == 1)
        #expect(item.id == .photo(committed[0]))
        #expect(item.title == "Dropped")
        #expect(item.pixelSize == prepared.pixelSize)
        // The identity the app matches placeholders by travels with the batch.
        #expect(batches.first?.commits == [.photo(committed[0]): prepared.id])
        #expect(item.covers.first?.thumbnailURL == prepared.thumbnailURL)
        #expect(try await library.titles(in: .allPhotos) == ["p-3", "Dropped", "p-1", "p-2"])
        try await mirror.check()
    }

    @Test func commitsSeveralInOrderIntoAnAlbum() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "a", in: temp)
        let album = try await library.createAlbum(named: "Trip")
        try await library.addPhotos(ids, toAlbum: album)
        var mirror = try await Mirror(library, .album(album))

        let first = try await library.prepareImport(ImportSource(url: TestImages.write(temp.file("x.png"), width: 20, height: 10)))
        let second = try await library.prepareImport(ImportSource(url: TestImages.write(temp.file("y.png"), width: 10, height: 20)))
        let committed = try await library.commitImports([second, first], into: .album(album, at: 1))
        #expect(try await library.titles(in: .album(album)) == ["a-1", "y", "x", "a-2"])
        #expect(try await library.titles(in: .allPhotos) == ["a-1", "a-2", "y", "x"], "album imports also join All Photos")
        let items = try await library.items(in: .album(album))
        #expect(items[1...2].map(\.id) == committed.map { .photo($0) })
        #expect(items[1...2].map { $0.covers[0].thumbnailURL } == [second.thumbnailURL, first.thumbnailURL])
        try await mirror.check()
        #expect(second.id != first.id)

        // Each copy can be committed once.
        await #expect(throws: LibraryError.self) { _ = try await library.commitImports([first]) }
        #expect(try await library.photoCount() == 4)
    }

    @Test func discardRemovesTheCopyAndItsThumbnail() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("cancelled.png"), width: 64, height: 48)
        let prepared = try await library.prepareImport(ImportSource(url: source))
        #expect(listing(library.location.photosDirectory) == ["cancelled.png"])
        #expect(listing(library.location.thumbnailsDirectory) == ["cancelled.png.png"])

        await library.discardImport(prepared)
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
        #expect(FileManager.default.fileExists(atPath: source.path), "the original is only read")
        // A discarded copy cannot be committed.
        await #expect(throws: LibraryError.self) { _ = try await library.commitImports([prepared]) }
        #expect(try await library.photoCount() == 0)

        // Discarding a copy that is a photo now does nothing.
        let kept = try await library.prepareImport(ImportSource(url: source))
        let id = try #require(try await library.commitImports([kept]).first)
        await library.discardImport(kept)
        let photo = try #require(try await library.photos(withIDs: [id]).first)
        #expect(FileManager.default.fileExists(atPath: photo.fileURL.path))
        #expect(FileManager.default.fileExists(atPath: photo.thumbnailURL.path))
    }

    @Test func badInputThrowsItsReasonAndLeavesNothing() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let text = temp.file("note.jpg")
        try Data("not a picture\n".utf8).write(to: text)
        let truncated = try TestImages.writeTruncatedPNG(temp.file("cut.png"))
        let gone = temp.file("gone.png")
        let cases: [(URL, (ImportFailureReason) -> Bool)] = [
            (text, { $0 == .notAnImage }),
            (truncated, { if case .corrupt = $0 { true } else { false } }),
            (gone, { $0 == .doesNotExist }),
        ]
        for (url, isExpected) in cases {
            do {
                _ = try await library.prepareImport(ImportSource(url: url))
                Issue.record("\(url.lastPathComponent) was prepared")
            } catch let failure as ImportFailure {
                #expect(failure.source == url)
                #expect(isExpected(failure.reason), "\(url.lastPathComponent): \(failure.reason)")
                #expect(!failure.message.isEmpty)
            }
        }
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
    }

    @Test func aCancelledPreparationLeavesNothing() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("late.png"), width: 32, height: 32)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await library.prepareImport(ImportSource(url: source))
        }
        await #expect(throws: ImportFailure(source: source, reason: .cancelled)) { _ = try await task.value }
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
    }

    @Test func aCopyNeverCommittedIsRemovedAtNextOpen() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("crash.png"), width: 30, height: 30)
        let prepared = try await library.prepareImport(ImportSource(url: source))
        #expect(FileManager.default.fileExists(atPath: prepared.thumbnailURL.path))
        // Drover stops between prepare and commit.
        try library.close()

        let reopened = try await PhotoLibrary.open(at: library.location.directory)
        #expect(Set(reopened.recoveryReport.removedOrphanFiles) == ["crash.png", "crash.png.png"])
        #expect(reopened.recoveryReport.trashedFiles.isEmpty, "import leftovers are not the user's photos: no Trash")
        #expect(listing(reopened.location.photosDirectory).isEmpty)
        #expect(listing(reopened.location.thumbnailsDirectory).isEmpty)
        #expect(try await reopened.photoCount() == 0)
    }
}
