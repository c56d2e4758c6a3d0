import ChangeKit
import Foundation
import TestSupport
import Testing
@testable import GalleryKit

/// Collects change batches, to replay them onto a snapshot.
final class ChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collections: [CollectionChange] = []
    private var albumLists: [AlbumListChange] = []
    func append(_ change: CollectionChange) { lock.withLock { collections.append(change) } }
    func append(_ change: AlbumListChange) { lock.withLock { albumLists.append(change) } }
    func takeCollections() -> [CollectionChange] { lock.withLock { defer { collections = [] }; return collections } }
    func takeAlbumLists() -> [AlbumListChange] { lock.withLock { defer { albumLists = [] }; return albumLists } }
}

/// A view's model kept up to date only by applying batches, checked against fresh queries.
struct Mirror {
    let library: PhotoLibrary
    let scope: CollectionScope
    let log = ChangeLog()
    var items: [GalleryItem]
    let token: ObservationToken

    init(_ library: PhotoLibrary, _ scope: CollectionScope) async throws {
        let log = log
        self.library = library
        self.scope = scope
        (items, token) = try await library.observe(scope) { log.append($0) }
    }

    /// Applies everything delivered so far and compares with the library's own answer.
    mutating func check(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await library.waitForObservers()
        for change in log.takeCollections() {
            #expect(change.scope == scope, sourceLocation: sourceLocation)
            items.apply(change.steps)
        }
        let fresh = try await library.items(in: scope)
        #expect(items == fresh, sourceLocation: sourceLocation)
    }
}

@Suite struct ChangeBatchTests {
    @Test func everyMutationKeepsObserversInStep() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(6, named: "p", in: temp)
        let travel = try await library.createAlbum(named: "Travel")

        var all = try await Mirror(library, .allPhotos)
        var album = try await Mirror(library, .album(travel))
        let albumLog = ChangeLog()
        var (albums, albumToken): ([AlbumSummary], ObservationToken) = try await library.observeAlbums { albumLog.append($0) }
        defer { albumToken.cancel() }
        func checkAlbums() async throws {
            await library.waitForObservers()
            for change in albumLog.takeAlbumLists() { albums.apply(change.steps) }
            #expect(albums == (try await library.albums()))
        }

        _ = try await library.importGenerated(2, named: "new", in: temp, into: .allPhotos(at: 2))
        try await all.check()
        try await library.moveItems([.photo(ids[0]), .photo(ids[4])], to: 3, in: .allPhotos)
        try await all.check()
        try await library.addPhotos([ids[1], ids[2], ids[3]], toAlbum: travel)
        try await all.check(); try await album.check(); try await checkAlbums()
        try await library.addPhotos([ids[5]], toAlbum: travel, at: 1)
        try await album.check(); try await checkAlbums()
        try await library.moveItems([.photo(ids[3])], to: 0, in: .album(travel))
        try await album.check()
        try await library.renameAlbum(travel, to: "Journeys")
        try await all.check(); try await album.check(); try await checkAlbums()
        #expect(all.items.first { $0.id == .photo(ids[1]) }?.albumNames == ["Journeys"])
        let stack = try await library.makeStack(of: [.photo(ids[2]), .photo(ids[1]), .photo(ids[5])], title: "Trio")
        try await all.check(); try await album.check()
        #expect(all.items.first { $0.id == .stack(stack) }?.count == 3)
        try await library.setTitle("Renamed", of: .photo(ids[1]))
        try await all.check(); try await album.check()
        try await library.removePhotos([ids[3]], fromAlbum: travel)
        try await all.check(); try await album.check(); try await checkAlbums()
        let removed = try await library.removePhotos([ids[2], ids[0]])
        try await all.check(); try await album.check(); try await checkAlbums()
        try await library.restore(removed)
        try await all.check(); try await album.check(); try await checkAlbums()
        try await library.unstack(stack)
        try await all.check(); try await album.check()
        let second = try await library.createAlbum(named: "Second", at: 0)
        try await checkAlbums()
        try await library.moveAlbum(second, to: 1)
        try await checkAlbums()
        try await library.deleteAlbum(travel)
        try await all.check(); try await checkAlbums()
        #expect(all.items.allSatisfy { $0.albumNames.isEmpty })
    }

    @Test func movesAreReportedAsMoves() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(5, named: "m", in: temp)
        let log = ChangeLog()
        let token = library.addObserver(for: .allPhotos) { log.append($0) }
        try await library.moveItems([.photo(ids[0])], to: 4, in: .allPhotos)
        await library.waitForObservers()
        let changes = log.takeCollections()
        #expect(changes.count == 1)
        guard case .move(from: 0, to: 4)? = changes.first?.steps.first, changes.first?.steps.count == 1 else {
            Issue.record("\(changes.map(\.steps))")
            return
        }
        token.cancel()
        try await library.moveItems([.photo(ids[0])], to: 0, in: .allPhotos)
        await library.waitForObservers()
        #expect(log.takeCollections().isEmpty, "a cancelled observer is not called")
    }

    @Test func orderedEditMovesGroupsExactly() {
        // Exhaustive over small lists: the steps replay to the same result the edit holds.
        let base = Array(0..<6)
        for mask in 1..<(1 << base.count) {
            let moving = base.filter { mask & (1 << $0) != 0 }.reversed().map { $0 }
            for destination in 0...(base.count - moving.count) {
                var edit = OrderedEdit(loaded: base.map { (key: $0, position: $0) })
                edit.move(moving, to: destination)
                var others = base.filter { !moving.contains($0) }
                others.insert(contentsOf: moving, at: destination)
                #expect(edit.keys == others)
                var replayed = base
                replayed.apply(edit.steps)
                #expect(replayed == others)
            }
        }
    }

    /// The positions an edit writes, over what was stored, put the keys in the edit's order
    /// with no ties: from dense, sparse and tied stored positions, after random inserts,
    /// removals, moves and stored keys removed and put back. A stored key is never inserted
    /// again, and the order it reports as stored is exactly what was written over what was.
    @Test func writtenPositionsGiveTheEditsOrder() {
        var random = SplitMix(seed: 37)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for round in 0..<3000 {
            let count = below(12)
            var position = below(3) - 1
            let loaded = (0..<count).map { key -> (key: Int, position: Int) in
                switch round % 3 {
                case 0: position = key                                 // dense, as before sparse positions
                case 1: position += 1 + below(3) * OrderedEdit<Int>.step  // sparse
                default: position += below(2)                          // ties, as old rows may have
                }
                return (key, position)
            }
            var edit = OrderedEdit(loaded: loaded)
            var fresh = count
            var outside: [Int] = []
            for _ in 0..<below(8) {
                switch below(4) {
                case 0:
                    edit.insert(fresh, at: below(edit.count + 1))
                    fresh += 1
                case 1 where edit.count > 0:
                    let key = edit.keys[below(edit.count)]
                    edit.remove(key)
                    outside.append(key)
                case 2 where !outside.isEmpty:
                    edit.insert(outside.remove(at: below(outside.count)), at: below(edit.count + 1))
                default: if edit.count > 0 { edit.move(from: below(edit.count), to: below(edit.count)) }
                }
            }
            let loadedKeys = Set(loaded.map(\.key))
            #expect(edit.insertedKeys == Set(edit.keys).subtracting(loadedKeys))
            #expect(Set(edit.removedKeys) == loadedKeys.subtracting(edit.keys))
            var positions = Dictionary(uniqueKeysWithValues: loaded.map { ($0.key, $0.position) })
            let (written, stored) = edit.write()
            #expect(written.map(\.key) == edit.positionsToWrite.map(\.key))
            for (key, position, isNew) in written {
                #expect(isNew == (positions[key] == nil))
                positions[key] = position
            }
            let final = edit.keys.map { positions[$0]! }
            #expect(zip(final, final.dropFirst()).allSatisfy { $0 < $1 }, "\(loaded) → \(edit.keys): \(final)")
            #expect(stored == StoredOrder(keys: edit.keys, positions: final))
        }
    }

    @Test func anInsertAmongSparsePositionsWritesOnlyItsOwnRow() {
        var edit = OrderedEdit(loaded: (0..<1000).map { (key: $0, position: $0 * OrderedEdit<Int>.spacing) })
        edit.insert(5000, at: 3)
        edit.insert(5001, at: 4)
        #expect(edit.positionsToWrite.map(\.key) == [5000, 5001])
        // Dense positions, as libraries had them: the first insert numbers the rest afresh, once.
        var dense = OrderedEdit(loaded: (0..<1000).map { (key: $0, position: $0) })
        dense.insert(5000, at: 3)
        #expect(dense.positionsToWrite.count == 998)
    }
}
