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

extension DropSession {
    /// Inserts a placeholder for each of `items` at `index` (in order: the first item at
    /// `index`) and loads each item's best importable representation in its own task.
    ///
    /// - A load that succeeds becomes an element through `makeElement` (which runs off the
    ///   main actor: decode there) and is committed at the placeholder's current index.
    /// - A cancelled load (through its placeholder, or `DropLoad.cancel()`) deletes its
    ///   placeholder: it leaves nothing behind.
    /// - A failed load marks its placeholder failed, with the error's description, and
    ///   leaves it for the user to see and dismiss.
    ///
    /// Call `end()` on the session once the loads are over.
    public func loadItems<Element: Sendable>(
        _ items: [DragItem],
        into collection: PlaceholderCollection<Element>,
        at index: Int,
        makeElement: @escaping @Sendable (LoadedItem) async throws -> Element
    ) -> DropLoad<Element> {
        let acceptable = rules.importableTypes
        var contexts: [PlaceholderContext<Element>] = []
        for (offset, item) in items.enumerated() {
            let context = collection.insertPlaceholder(at: index + offset)
            let provider = item.provider
            context.loadTask = Task {
                do {
                    let (type, data) = try await provider.loadBest(among: acceptable) { value in
                        Task { @MainActor in context.updateProgress(value) }
                    }
                    let loaded = LoadedItem(type: type, data: data, suggestedName: provider.suggestedName,
                                            preferredPresentationSize: provider.preferredPresentationSize)
                    let element = try await makeElement(loaded)
                    try Task.checkCancellation()
                    context.updateProgress(1)
                    context.commit(element)
                } catch {
                    if error is CancellationError || Task.isCancelled {
                        context.cancel()
                        context.delete()
                    } else {
                        context.fail(String(describing: error))
                    }
                }
            }
            contexts.append(context)
        }
        return DropLoad(placeholders: contexts)
    }
}
