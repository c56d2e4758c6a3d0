import ChangeKit

/// Which placeholders one library batch can commit.
extension PlaceholderCollection {
    /// Placeholders whose items are ready together, in runs that one library batch each can
    /// commit: a run's placeholders have no real item between them, so the library inserts
    /// their items side by side at the run's `itemIndex`, in the run's order, and each lands
    /// where its placeholder is (other placeholders between them do not count: the library
    /// knows none). Runs come in entry order; committing one shifts the item indices of those
    /// after it, so commit the first and ask again. Resolved and set-aside placeholders are
    /// left out (they have no place here). O(k log n) for k placeholders.
    public func commitRuns(_ contexts: [PlaceholderContext<Element>]) -> [PlaceholderCommitRun<Element>] {
        let placed = contexts.compactMap { context in context.index.map { (context, $0) } }.sorted { $0.1 < $1.1 }
        var runs: [PlaceholderCommitRun<Element>] = []
        for (context, position) in placed {
            let itemIndex = tree.countedBefore(position)
            if let last = runs.last, last.itemIndex == itemIndex {
                runs[runs.count - 1].placeholders.append(context)
            } else {
                runs.append(PlaceholderCommitRun(entryIndex: position, itemIndex: itemIndex, placeholders: [context]))
            }
        }
        return runs
    }
}

/// Placeholders that one library batch can commit (`PlaceholderCollection.commitRuns`).
@MainActor
public struct PlaceholderCommitRun<Element> {
    /// The entry index of the first placeholder.
    public let entryIndex: Int
    /// Where the library inserts the run's items, among its items: the real items before
    /// the first placeholder.
    public let itemIndex: Int
    /// In entry order: the order to commit their items in.
    public fileprivate(set) var placeholders: [PlaceholderContext<Element>]
}
