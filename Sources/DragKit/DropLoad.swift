import Foundation

/// One item's data, loaded for a drop.
public struct LoadedItem: Sendable {
    public var type: ContentType
    public var data: Data
    public var suggestedName: String?
    public var preferredPresentationSize: Size?
}

/// The loads of one drop: a placeholder per item, each loading on its own, with per-item and
/// overall progress. The view stays live meanwhile: the user may scroll, reorder or drop
/// again, and every placeholder still commits at its current place.
@MainActor
public final class DropLoad<Element: Sendable> {
    /// One per loading item, in the items' order.
    public let placeholders: [PlaceholderContext<Element>]

    init(placeholders: [PlaceholderContext<Element>]) {
        self.placeholders = placeholders
    }

    /// The mean of the items' progress; a resolved item counts as done.
    public var overallProgress: Double {
        guard !placeholders.isEmpty else { return 1 }
        let sum = placeholders.reduce(0.0) { $0 + ($1.isResolved ? 1 : $1.progress) }
        return sum / Double(placeholders.count)
    }

    /// Whether every placeholder has been committed or deleted (failed ones stay until the
    /// user dismisses them).
    public var isFinished: Bool { placeholders.allSatisfy(\.isResolved) }

    /// Cancels every load still running.
    public func cancel() {
        for placeholder in placeholders { placeholder.cancel() }
    }

    /// Waits for every load to end (committed, failed or cancelled).
    public func wait() async {
        for placeholder in placeholders { await placeholder.waitForLoad() }
    }
}

/// When a drop's loads give up on a silent source: `StallWatch`'s rule (every progress
/// report is a sign of life that pushes the deadline back by `limit`), with the clock and
/// the sleep injected so tests step time exactly.
@MainActor
public struct StallRule {
    public let limit: Duration
    let clock: any DragClock
    let sleep: (Duration) async throws -> Void

    public init(limit: Duration = StallWatch.defaultLimit, clock: any DragClock = SystemDragClock(),
                sleep: @escaping (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.limit = limit
        self.clock = clock
        self.sleep = sleep
    }
}

extension DropSession {
    /// Inserts a placeholder for each of `items` at `index` (in order: the first item at
    /// `index`) and loads each item's best importable representation in its own task.
    ///
    /// - The type loaded is `ItemProvider.bestType(among:)` of the rules' importable types:
    ///   the target's preference first, the source's order breaking ties.
    /// - Each progress report of the loader moves the placeholder's progress (it never goes
    ///   back) and, with a `stallRule`, counts as a sign of life.
    /// - A load that succeeds becomes an element through `makeElement` (which runs off the
    ///   main actor: decode there) and is committed at the placeholder's current index.
    ///   An element made from data that is not what the provider said it was (a source that
    ///   lies about its type) is `makeElement`'s to refuse: it throws, and the load fails.
    /// - A cancelled load (through its placeholder, or `DropLoad.cancel()`) deletes its
    ///   placeholder: it leaves nothing behind.
    /// - A failed load marks its placeholder failed, with the error's description (its
    ///   `LocalizedError` text if it has one), and leaves it for the user to see and dismiss.
    /// - A source silent for the stall limit stalls its placeholder (`PlaceholderContext.stall`):
    ///   the load stops, and the placeholder stays, failed, saying "No data for 20 s".
    ///
    /// Call `end()` on the session once the loads are over.
    public func loadItems<Element: Sendable>(
        _ items: [DragItem],
        into collection: PlaceholderCollection<Element>,
        at index: Int,
        stallRule: StallRule? = nil,
        makeElement: @escaping @Sendable (LoadedItem) async throws -> Element
    ) -> DropLoad<Element> {
        loadItems(items, into: collection, at: index, stallRule: stallRule) { loaded, context in
            let element = try await makeElement(loaded)
            try Task.checkCancellation()
            context.updateProgress(1)
            context.commit(element)
        }
    }

    /// Like `loadItems(_:into:at:stallRule:makeElement:)`, for an app whose elements come
    /// back through its own model: `importLoaded` hands the loaded item to it (a library
    /// import) and the placeholder is resolved there, by the change that inserts the
    /// element (commit) or by the app deleting it. What `importLoaded` throws fails the
    /// placeholder; a `CancellationError` deletes it.
    public func loadItems<Element>(
        _ items: [DragItem],
        into collection: PlaceholderCollection<Element>,
        at index: Int,
        stallRule: StallRule? = nil,
        importLoaded: @escaping @MainActor (LoadedItem, PlaceholderContext<Element>) async throws -> Void
    ) -> DropLoad<Element> {
        let acceptable = rules.importableTypes
        var contexts: [PlaceholderContext<Element>] = []
        for (offset, item) in items.enumerated() {
            let context = collection.insertPlaceholder(at: index + offset)
            var watching: (watch: StallWatch, task: Task<Void, Never>)?
            if let stallRule {
                let watch = StallWatch(limit: stallRule.limit, clock: stallRule.clock)
                let sleep = stallRule.sleep
                watching = (watch, Task {
                    if await watch.waitForStall(sleep: sleep) { context.stall(watch.message) }
                })
            }
            context.loadTask = Task { [watching] in
                await Self.load(item.provider, among: acceptable, into: context, watching: watching, then: importLoaded)
            }
            contexts.append(context)
        }
        return DropLoad(placeholders: contexts)
    }

    /// One item's load, from its provider to `then`, with every end handled.
    private static func load<Element>(
        _ provider: ItemProvider, among acceptable: [ContentType], into context: PlaceholderContext<Element>,
        watching: (watch: StallWatch, task: Task<Void, Never>)?,
        then importLoaded: @MainActor (LoadedItem, PlaceholderContext<Element>) async throws -> Void
    ) async {
        let watch = watching?.watch
        do {
            let loaded: LoadedItem
            do {
                // The watch is over the source only: the import after it may take its time.
                defer {
                    watch?.stop()
                    watching?.task.cancel()
                }
                let (type, data) = try await provider.loadBest(among: acceptable) { value in
                    Task { @MainActor in
                        watch?.heard()
                        context.updateProgress(value)
                    }
                }
                loaded = LoadedItem(type: type, data: data, suggestedName: provider.suggestedName,
                                    preferredPresentationSize: provider.preferredPresentationSize)
            }
            // Stalled or cancelled while the data came in anyway: it is not wanted now.
            guard context.state == .loading, !context.isResolved else { throw CancellationError() }
            try await importLoaded(loaded, context)
        } catch {
            if context.hasStalled {
                return  // stays, failed, saying so
            } else if error is CancellationError || Task.isCancelled {
                context.cancel()
                context.delete()
            } else {
                context.fail((error as? LocalizedError)?.errorDescription ?? String(describing: error))
            }
        }
    }
}
