import Foundation
import GRDB

extension PhotoLibrary {
    /// The tiles of `scope`, in order: one read transaction, a few set queries.
    public func items(in scope: CollectionScope) async throws -> [GalleryItem] {
        let location = location
        return try await read { db in try ItemLoader(db: db, location: location).items(in: scope) }
    }

    /// The first `limit` items of `scope` and how many it has in all, from one read
    /// transaction that does not wait for the writer: a large collection shows its first
    /// screens from these while `observe(_:_:)` reads the whole of it.
    public func firstItems(in scope: CollectionScope, limit: Int) async throws -> (items: [GalleryItem], total: Int) {
        let location = location
        return try await read { db in
            let loader = ItemLoader(db: db, location: location)
            return (try loader.items(in: scope, limit: limit), try loader.count(in: scope))
        }
    }

    /// The albums, in sidebar order.
    public func albums() async throws -> [AlbumSummary] {
        let location = location
        return try await read { db in try ItemLoader(db: db, location: location).albumSummaries() }
    }

    public func photoCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
    }

    /// True when the library has no photos (the app then installs the samples).
    public func isEmpty() async throws -> Bool {
        try await photoCount() == 0
    }

    /// The photos with these ids, in the given order; unknown ids are skipped.
    public func photos(withIDs ids: [PhotoID]) async throws -> [Photo] {
        let location = location
        return try await read { db in
            let rows = try ItemLoader(db: db, location: location).photoRows(ids)
            return ids.compactMap { rows[$0]?.photo(in: location) }
        }
    }

    /// The photos an item stands for: the photo, or every photo of the stack in stack order
    /// (a note has none). This is what dragging or exporting the item carries.
    public func photos(in items: [GalleryItem.ID]) async throws -> [Photo] {
        let location = location
        return try await read { db in
            let loader = ItemLoader(db: db, location: location)
            let singles = try loader.photoRows(items.compactMap { if case .photo(let id) = $0 { id } else { nil } })
            let stacks = try loader.stackMembers(items.compactMap { if case .stack(let id) = $0 { id } else { nil } })
            return items.flatMap { item -> [Photo] in
                switch item {
                case .photo(let id): singles[id].map { [$0.photo(in: location)] } ?? []
                case .stack(let id): (stacks[id] ?? []).map { $0.photo(in: location) }
                case .note: []
                }
            }
        }
    }
}
