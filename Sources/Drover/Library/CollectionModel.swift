import ChangeKit
import DragKit
import Foundation
import GalleryKit

/// What the grid shows for one collection: the library's items plus the
/// placeholders of drops still loading, kept in DragKit's placeholder
/// collection so placeholders track their place through every change.
///
/// One vocabulary end to end: the library's `ChangeStep`s (item indices) go to
/// the placeholder collection, which reports them as steps of entries (entry
/// indices, placeholders included, O(log n) each); this type only turns each
/// entry into its tile, so the grid gets the same steps with tiles.
@MainActor
final class CollectionModel {
    struct PlaceholderInfo {
        let context: PlaceholderContext<GalleryItem>
        let title: String
        let cancel: () -> Void
        /// How far loading got when no fraction is known ("240 KB received").
        var detail: String?
        /// Set when the source stalled: the placeholder then offers Cancel, and
        /// Retry if this is set to something (the source can be read again).
        var stall: Stall?
    }

    struct Stall {
        let retry: (() -> Void)?
    }

    private let entries = PlaceholderCollection<GalleryItem>([], id: \.id)
    private var placeholders: [PlaceholderID: PlaceholderInfo] = [:]
    /// Placeholders whose photo is being committed, by the thumbnail the
    /// library will report for it: its insert becomes the placeholder's commit.
    private var pendingCommits: [URL: PlaceholderContext<GalleryItem>] = [:]
    private var observations: [Observation] = []

    /// Receives the grid steps of every change, in order.
    var onChange: (([ChangeStep<TileModel>]) -> Void)?
    /// Steps held back while `batch` runs, delivered together at its end.
    private var heldSteps: [ChangeStep<TileModel>]?

    /// Runs `body` and delivers all its changes to the grid as one update (a
    /// drop of hundreds of files lays the grid out once, not once per file).
    func batch(_ body: () -> Void) {
        guard heldSteps == nil else { return body() }
        heldSteps = []
        body()
        let steps = heldSteps ?? []
        heldSteps = nil
        if !steps.isEmpty { onChange?(steps) }
    }

    private func deliver(_ steps: [ChangeStep<TileModel>]) {
        if heldSteps != nil { heldSteps! += steps } else { onChange?(steps) }
    }

    init() {
        observations.append(entries.observeChanges { [weak self] changes in self?.forward(changes) })
        observations.append(entries.observeReloads { [weak self] in self?.reloaded() })
        observations.append(entries.observePlaceholders { [weak self] context in self?.placeholderChanged(context) })
    }

    var count: Int { entries.count }
    var items: [GalleryItem] { entries.items }

    func item(at index: Int) -> GalleryItem? { entries[index].item }

    /// The entry index of a library item, if it is in this collection. O(log n).
    func index(of id: GalleryItem.ID) -> Int? { entries.index(ofItemWithID: id) }

    func tile(at index: Int) -> TileModel { tile(for: entries[index]) }

    var tiles: [TileModel] { entries.entries.map(tile(for:)) }

    private func tile(for entry: PlaceholderCollection<GalleryItem>.Entry) -> TileModel {
        switch entry {
        case .item(let item): TileModel(item)
        case .placeholder(let id): placeholderTile(id)
        }
    }

    /// Where the library would put an item shown at entry `index`.
    func itemIndex(forEntryAt index: Int) -> Int { entries.itemIndex(forEntryAt: index) }

    /// Where the library puts items moved so the first shows at entry `finalIndex`.
    func itemIndex(forFinalIndex finalIndex: Int, moving selection: MovingSelection) -> Int {
        entries.itemIndex(forFinalIndex: finalIndex, moving: selection)
    }

    // MARK: The library's changes

    /// Replaces the items (a new collection was opened); placeholders stay.
    func load(_ items: [GalleryItem]) {
        entries.reload(items)
    }

    /// Applies a library batch: DragKit converts its item indices to entry
    /// indices and reports it back as one batch of entry steps (`forward`).
    func apply(_ steps: [ChangeStep<GalleryItem>]) {
        entries.apply(steps) { item in
            // An inserted photo a placeholder was loading becomes that placeholder's commit.
            if let url = item.covers.first?.thumbnailURL, let context = pendingCommits.removeValue(forKey: url),
               context.index != nil {
                return context
            }
            return nil
        }
    }

    // MARK: Placeholders

    func insertPlaceholder(at index: Int, title: String, cancel: @escaping () -> Void) -> PlaceholderContext<GalleryItem> {
        let context = entries.insertPlaceholder(at: min(max(0, index), entries.count))
        placeholders[context.id] = PlaceholderInfo(context: context, title: title, cancel: cancel)
        deliver([.update(placeholderTile(context.id), at: context.index!)])
        return context
    }

    /// Shows how far a load of unknown size got.
    func setDetail(_ detail: String, for context: PlaceholderContext<GalleryItem>) {
        guard placeholders[context.id] != nil, let index = context.index else { return }
        placeholders[context.id]?.detail = detail
        deliver([.update(placeholderTile(context.id), at: index)])
    }

    /// The source of `context` stopped sending: the placeholder says `message`
    /// and offers Cancel, and Retry when `retry` is given.
    func stall(_ context: PlaceholderContext<GalleryItem>, message: String, retry: (() -> Void)?) {
        guard placeholders[context.id] != nil, context.state == .loading else { return }
        placeholders[context.id]?.stall = Stall(retry: retry)
        context.fail(message)
    }

    /// The library is about to insert the photo with this thumbnail for `context`.
    func expectCommit(of thumbnailURL: URL, for context: PlaceholderContext<GalleryItem>) {
        pendingCommits[thumbnailURL] = context
    }

    /// The tile's cancel (loading or stalled), dismiss (failed) or retry (stalled) button.
    func placeholderAction(tileID: String, choice: PlaceholderOverlay.Choice = .close) {
        guard let info = placeholders.values.first(where: { Self.tileID($0.context.id) == tileID }) else { return }
        if choice == .retry {
            info.stall?.retry?()
        } else if case .failed = info.context.state {
            info.context.delete()
        } else {
            info.cancel()
            info.context.cancel()
            // Gone at once, as the user asked; a load that finishes later finds
            // its placeholder resolved and discards what it made.
            info.context.delete()
        }
    }

    private func placeholderChanged(_ context: PlaceholderContext<GalleryItem>) {
        if context.isResolved {
            placeholders[context.id] = nil
            pendingCommits = pendingCommits.filter { $0.value !== context }
            return
        }
        guard let index = context.index else { return }
        deliver([.update(placeholderTile(context.id), at: index)])
    }

    private func placeholderTile(_ id: PlaceholderID) -> TileModel {
        let info = placeholders[id]
        var failure: String?
        if case .failed(let message) = info?.context.state { failure = message }
        let progress = info.map { $0.context.progress > 0 ? $0.context.progress : nil } ?? nil
        let stall = failure == nil ? nil : info?.stall
        let canRetry = stall?.retry != nil
        let details = stall.map { _ in canRetry ? "Stalled; it can be retried or cancelled." : "Stalled; it can be cancelled." }
            ?? failure.map { _ in "Failed; it can be dismissed." } ?? info?.detail ?? "Still loading; it can be cancelled."
        return TileModel(id: Self.tileID(id), title: info?.title ?? "Item",
                         kind: .placeholder(progress: progress, failure: failure, stalled: stall != nil, canRetry: canRetry),
                         details: details, thumbnails: [])
    }

    static func tileID(_ id: PlaceholderID) -> String { "placeholder \(id.rawValue)" }

    // MARK: Entry changes to grid steps

    /// The same steps, each entry turned into its tile. A placeholder's commit
    /// arrives as an update whose tile has another id: the grid swaps the cell.
    private func forward(_ steps: [ChangeStep<PlaceholderCollection<GalleryItem>.Entry>]) {
        deliver(steps.map { $0.map(tile(for:)) })
    }

    private func reloaded() {
        // Steps held for the grid came before the reload, which replaces them all.
        heldSteps = heldSteps.map { _ in [] }
        reloadHandler?(tiles)
    }

    /// Receives all tiles when the collection was replaced wholesale.
    var reloadHandler: (([TileModel]) -> Void)?
}
