import Foundation
import GalleryKit

/// The full image of the photo the user is about to open, decoded before the viewer opens:
/// the tile the first click of a double click pressed, or the one keyboard focus came to
/// rest on before Enter. A 24-megapixel JPEG costs libjpeg about 55 ms of CPU at the
/// viewer's size on the project's VM, and the confined decode child about 75–90 ms in all
/// (docs/benchmarks.md, "Twelfth pass"), so an open with no warning cannot show it within
/// 80 ms on such a machine; a double click gives the decode the 100–300 ms between its
/// clicks.
///
/// Bounded on purpose, because most presses select or drag rather than open: at most one
/// decode runs at a time, and at most one finished image is kept. A photo asked for while
/// a decode runs waits for it (the latest ask replaces an earlier waiting one), so moving
/// focus quickly starts nothing new per step.
///
/// Generic over what a decode gives (the viewer's: a texture, or why there is none), so the
/// rules are tested without decoding.
@MainActor
final class ViewerPrefetch<Decoded: Sendable> {
    typealias Decode = Task<Decoded, Never>

    /// A photo decoded to fit a box: the viewer takes the image only if it wants this size.
    struct Key: Equatable {
        var photo: PhotoID
        var box: Int
    }

    private let decode: @MainActor (URL, Int) -> Decode
    /// The last decode started: running, or finished and kept for an open.
    private var latest: (key: Key, task: Decode)?
    private var isRunning = false
    /// Asked for while `latest` was running; started when it ends.
    private var waiting: (key: Key, url: URL)?

    /// `decode` makes the viewer's decode task of a file at a box.
    init(decode: @escaping @MainActor (URL, Int) -> Decode) {
        self.decode = decode
    }

    /// Decodes the photo at `url` to fit `box`, unless it is the one decoded or waiting already.
    func prefetch(_ photo: PhotoID, at url: URL, box: Int) {
        let key = Key(photo: photo, box: box)
        guard latest?.key != key else { return }
        if isRunning {
            waiting = (key, url)
            return
        }
        start(key, url)
    }

    /// The decode of `photo` at `box`, running or done, which the viewer then owns; nil if
    /// none was made for that photo at that size.
    func take(_ photo: PhotoID, box: Int) -> Decode? {
        guard let latest, latest.key == Key(photo: photo, box: box) else { return nil }
        self.latest = nil
        return latest.task
    }

    private func start(_ key: Key, _ url: URL) {
        let task = decode(url, key.box)
        latest = (key, task)
        isRunning = true
        Task { [weak self] in
            _ = await task.value
            self?.ended()
        }
    }

    private func ended() {
        isRunning = false
        guard let next = waiting else { return }
        waiting = nil
        start(next.key, next.url)
    }
}
