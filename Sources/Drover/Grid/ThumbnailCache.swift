import Foundation
import GalleryKit
import GtkKit

/// Thumbnail textures for the grid: decoded off the main thread, kept in a
/// bounded least-recently-used cache so memory stays flat at 10,000 photos,
/// and shared by concurrent requests for the same file.
@MainActor
final class ThumbnailCache {
    typealias Decoder = @Sendable (URL) async -> DecodedImage?

    private let decode: Decoder
    private var capacity: Int
    private var textures: [URL: Texture] = [:]
    private var recency: [URL: UInt64] = [:]
    private var clock: UInt64 = 0
    private var inFlight: [URL: Task<Texture?, Never>] = [:]

    /// `decode` must not block its caller: it runs on the main actor's task.
    init(capacity: Int = 600, decode: @escaping Decoder) {
        self.capacity = capacity
        self.decode = decode
    }

    /// Sizes the cache to the textures the grid's window of tiles shows (those in view and
    /// the overscan band; a stack shows three), and as many again for a screen scrolled
    /// back. A fixed 600 held about 95 MB of 264-pixel textures where 40 tiles show; four
    /// a tile, whatever the tiles, held twice what single photos need.
    func fit(shownTextures count: Int) {
        capacity = max(Self.minimumCapacity, count * 2)
    }

    /// Enough for a drag's icons and a viewer's neighbours beside a small grid.
    static let minimumCapacity = 100

    func cachedTexture(for url: URL) -> Texture? {
        guard let texture = textures[url] else { return nil }
        touch(url)
        return texture
    }

    func texture(for url: URL) async -> Texture? {
        if let texture = cachedTexture(for: url) { return texture }
        if let pending = inFlight[url] { return await pending.value }
        let decode = self.decode
        let task = Task<Texture?, Never> {
            guard let image = await decode(url) else { return nil }
            return Texture(image)
        }
        inFlight[url] = task
        let texture = await task.value
        inFlight[url] = nil
        if let texture { store(texture, for: url) }
        return texture
    }

    /// Drops a file's texture, for example after its thumbnail was rewritten.
    func invalidate(_ url: URL) {
        textures[url] = nil
        recency[url] = nil
    }

    private func touch(_ url: URL) {
        clock += 1
        recency[url] = clock
    }

    private func store(_ texture: Texture, for url: URL) {
        textures[url] = texture
        touch(url)
        guard textures.count > capacity else { return }
        // Evict the least recently used quarter at once, so eviction stays rare.
        let victims = recency.sorted { $0.value < $1.value }.prefix(capacity / 4)
        for (victim, _) in victims { invalidate(victim) }
    }
}
