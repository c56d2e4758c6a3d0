import ChangeKit
import DragKit
import Foundation
import GalleryKit
import Localization

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
        /// The collection the drop was made on: its item goes there, and its tile is
        /// shown only there.
        let scope: CollectionScope
        /// What is loading; a web image's becomes its file name once its address is read.
        var title: String
        let cancel: () -> Void
        /// How far loading got when no fraction is known ("240 KB received").
        var detail: String?
        /// When the source stalls (DragKit's `PlaceholderContext.hasStalled`), the
        /// placeholder offers Cancel, and Retry if this is set (the source can be
        /// read again).
        var retry: (() -> Void)?
        /// For a file already in the library: imports it all the same (Import Anyway).
        var importAnyway: (() -> Void)?
        /// Called when DragKit stalls the load: a drop is finished at once, so its
        /// source is not left hanging.
        var onStall: (() -> Void)?
    }

    private let entries = PlaceholderCollection<GalleryItem>([], id: \.id)
    /// The collection shown. New placeholders belong to it.
    private(set) var scope: CollectionScope = .allPhotos
    /// Hears the failure of a placeholder whose collection is no longer shown (its title
    /// and why), which would otherwise go unseen.
    var onFailureElsewhere: ((_ title: String, _ message: String) -> Void)?
    private var placeholders: [PlaceholderID: PlaceholderInfo] = [:]
    /// Placeholders whose item the library is committing, by the identity the
    /// committing batch carries (`CollectionChange.commits`): that insert becomes
    /// the placeholder's commit.
    private var pendingCommits: [CommitID: PlaceholderContext<GalleryItem>] = [:]
    /// Those waiting (`commitApplied`) for the batch of a pending commit to be applied.
    private var commitWaiters: [CommitID: [CheckedContinuation<Void, Never>]] = [:]
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

    /// Set while the grid shows a sorted view or search results (`ArrangedCollection`):
    /// the number of items in the user's own order. Grid positions then say nothing about
    /// that order, and whatever is added there joins its end.
    var arrangedOwnCount: Int?

    /// Where the library would put an item shown at entry `index`.
    func itemIndex(forEntryAt index: Int) -> Int { arrangedOwnCount ?? entries.itemIndex(forEntryAt: index) }

    /// Where the library puts items moved so the first shows at entry `finalIndex`.
    func itemIndex(forFinalIndex finalIndex: Int, moving selection: MovingSelection) -> Int {
        entries.itemIndex(forFinalIndex: finalIndex, moving: selection)
    }

    // MARK: The library's changes

    /// Replaces the items with those of `scope` (a collection was opened, or opened
    /// again). The placeholders of drops on `scope` stay; those of drops on another
    /// collection are set aside: their loads go on and their items go to the collection
    /// they were dropped on, and a failure among them is told (`onFailureElsewhere`).
    /// Those that had already failed were seen failing there, and go.
    ///
    /// A placeholder whose commit was pending goes: the batch committing it was
    /// meant for the collection shown before (a new observation never receives
    /// it), and the photo is in the library, so the new items hold it if it
    /// belongs here.
    func load(_ items: [GalleryItem], scope: CollectionScope) {
        load(scope: scope) { entries.reload(items, keeping: $0) }
    }

    /// `load(_:scope:)` with the entries and tiles made off the main thread
    /// (`PreparedCollection`): at 100,000 items, making them was one frame of about 60 ms.
    func load(_ prepared: PreparedCollection, scope: CollectionScope) {
        preparedTiles = prepared.tiles
        defer { preparedTiles = nil }
        load(scope: scope) { entries.reload(prepared.entries, keeping: $0) }
    }

    private func load(scope: CollectionScope,
                      reload: (_ keeping: (PlaceholderContext<GalleryItem>) -> Bool) -> Void) {
        let pending = pendingCommits
        pendingCommits = [:]
        for (id, context) in pending {
            context.delete()
            resumeCommitWaiters(id)
        }
        self.scope = scope
        let placeholders = self.placeholders
        reload { placeholders[$0.id]?.scope == scope }
        for info in placeholders.values where info.context.isSetAside {
            if case .failed = info.context.state { info.context.delete() }
        }
    }

    /// The collection a placeholder's drop was made on.
    func scope(of context: PlaceholderContext<GalleryItem>) -> CollectionScope {
        placeholders[context.id]?.scope ?? scope
    }

    /// Applies one library batch: DragKit converts its item indices to entry indices and
    /// reports it back as one batch of entry steps (`forward`). `commits` (the batch's
    /// `CollectionChange.commits`) names the inserts that were named before: an item whose
    /// placeholder is waiting for it takes the placeholder's place, wherever that is now.
    func apply(_ steps: [ChangeStep<GalleryItem>], commits: [GalleryItem.ID: CommitID] = [:]) {
        var applied: [CommitID] = []
        entries.apply(steps) { item in
            guard let id = commits[item.id], let context = pendingCommits.removeValue(forKey: id) else { return nil }
            applied.append(id)
            // A placeholder dismissed while committing: the photo is inserted where the library put it.
            return context.index != nil ? context : nil
        }
        applied.forEach(resumeCommitWaiters)
    }

    /// The batch committing these inserts is shown by an arranged view, which places each
    /// photo by its own order rather than where its placeholder was: the placeholders go,
    /// and those waiting for the commits (`commitApplied`) go on.
    func settleCommitsElsewhere(_ commits: [GalleryItem.ID: CommitID]) {
        for id in commits.values {
            guard let context = pendingCommits.removeValue(forKey: id) else { continue }
            context.delete()
            resumeCommitWaiters(id)
        }
    }

    // MARK: Placeholders

    func insertPlaceholder(at index: Int, title: String, cancel: @escaping () -> Void) -> PlaceholderContext<GalleryItem> {
        let context = entries.insertPlaceholder(at: min(max(0, index), entries.count))
        adopt(context, title: title, cancel: cancel)
        return context
    }

    /// One placeholder per title, side by side from `index`, delivered to the grid as one
    /// change with their titles and `detail` in place (a drop of 1,000 files lays the grid
    /// out once). `cancel(offset)` is the cancel button of the placeholder at that offset.
    func insertPlaceholders(titles: [String], at index: Int, detail: String?,
                            cancel: @escaping (_ offset: Int) -> Void) -> [PlaceholderContext<GalleryItem>] {
        entries.insertPlaceholders(count: titles.count, at: clampedEntryIndex(index)) { context, offset in
            placeholders[context.id] = PlaceholderInfo(context: context, scope: scope, title: titles[offset],
                                                       cancel: { cancel(offset) }, detail: detail)
        }
    }

    /// Where DragKit's drop loads insert their placeholders (`DropSession.loadItems`).
    var placeholderCollection: PlaceholderCollection<GalleryItem> { entries }

    /// Where a drop at grid `index` goes in it (placeholders go between entries).
    func clampedEntryIndex(_ index: Int) -> Int { min(max(0, index), entries.count) }

    /// Gives a placeholder that DragKit inserted its title and buttons.
    func adopt(_ context: PlaceholderContext<GalleryItem>, title: String, cancel: @escaping () -> Void,
               retry: (() -> Void)? = nil, onStall: (() -> Void)? = nil) {
        placeholders[context.id] = PlaceholderInfo(context: context, scope: scope, title: title, cancel: cancel,
                                                    retry: retry, onStall: onStall)
        if let index = context.index { deliver([.update(placeholderTile(context.id), at: index)]) }
    }

    /// Names what a placeholder loads, once that is known.
    func setTitle(_ title: String, for context: PlaceholderContext<GalleryItem>) {
        guard placeholders[context.id] != nil, let index = context.index else { return }
        placeholders[context.id]?.title = title
        deliver([.update(placeholderTile(context.id), at: index)])
    }

    /// Shows how far a load of unknown size got.
    func setDetail(_ detail: String, for context: PlaceholderContext<GalleryItem>) {
        guard let info = placeholders[context.id], info.detail != detail, let index = context.index else { return }
        placeholders[context.id]?.detail = detail
        deliver([.update(placeholderTile(context.id), at: index)])
    }

    /// The placeholder failed because its file is in the library already: it offers
    /// Import Anyway, which runs `action`.
    func offerImportAnyway(for context: PlaceholderContext<GalleryItem>, _ action: @escaping () -> Void) {
        guard placeholders[context.id] != nil else { return }
        placeholders[context.id]?.importAnyway = action
        if let index = context.index { deliver([.update(placeholderTile(context.id), at: index)]) }
    }

    /// The library is about to commit the insert named `id` for `context`:
    /// the batch that inserts it commits the placeholder. Call it before asking
    /// the library to commit, so the batch can never arrive first.
    func expectCommit(of id: CommitID, for context: PlaceholderContext<GalleryItem>) {
        pendingCommits[id] = context
    }

    /// The library did not commit `id` after all (the commit failed).
    func abandonCommit(of id: CommitID) {
        pendingCommits[id] = nil
        resumeCommitWaiters(id)
    }

    /// Returns once the batch committing `id` has been applied here (or the
    /// collection was replaced, or the commit abandoned): from then on the
    /// photo counts among the items, so the next commit's index includes it.
    /// An event, not a poll: `apply` and `load` resume the waiters.
    func commitApplied(_ id: CommitID) async {
        guard pendingCommits[id] != nil else { return }
        await withCheckedContinuation { commitWaiters[id, default: []].append($0) }
    }

    private func resumeCommitWaiters(_ id: CommitID) {
        for waiter in commitWaiters.removeValue(forKey: id) ?? [] { waiter.resume() }
    }

    /// The tile's cancel (loading or stalled), dismiss (failed) or retry (stalled) button.
    func placeholderAction(tileID: String, choice: PlaceholderOverlay.Choice = .close) {
        guard let info = placeholders.values.first(where: { Self.tileID($0.context.id) == tileID }) else { return }
        if choice == .retry {
            if info.context.hasStalled { info.retry?() }
        } else if choice == .importAnyway {
            info.importAnyway?()
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
            return
        }
        if context.hasStalled { placeholders[context.id]?.onStall?() }
        if context.isSetAside {
            if case .failed(let message) = context.state, let info = placeholders[context.id] {
                onFailureElsewhere?(info.title, message)
                context.delete()
            }
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
        let stalled = info?.context.hasStalled == true
        let canRetry = stalled && info?.retry != nil
        let canImportAnyway = failure != nil && info?.importAnyway != nil
        let details = stalled ? (canRetry ? tr("Stalled; it can be retried or cancelled.") : tr("Stalled; it can be cancelled."))
            : canImportAnyway ? tr("Already in the library; it can be imported anyway or dismissed.")
            : failure.map { _ in tr("Failed; it can be dismissed.") } ?? info?.detail ?? tr("Still loading; it can be cancelled.")
        return TileModel(id: Self.tileID(id), title: info?.title ?? tr("Item"),
                         kind: .placeholder(progress: progress, failure: failure, stalled: stalled, canRetry: canRetry,
                                            canImportAnyway: canImportAnyway),
                         details: details)
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
        // The prepared tiles are the entries' own only when no placeholder stayed among them.
        let prepared = preparedTiles.flatMap { entries.hasPlaceholders ? nil : $0 }
        reloadHandler?(prepared ?? tiles)
    }

    /// The tiles of the `PreparedCollection` being loaded, for `reloaded`.
    private var preparedTiles: [TileModel]?

    /// Receives all tiles when the collection was replaced wholesale.
    var reloadHandler: (([TileModel]) -> Void)?
}
