extension PlaceholderCollection {
    /// The entries of a `reload`, made before it on any thread: the tree of 100,000 items
    /// takes tens of milliseconds to build, which the main thread then spends in one frame.
    /// `reload(_:keeping:)` swaps it in at once when no placeholder is live (the open of a
    /// collection), and builds its own around the placeholders otherwise.
    public struct PreparedReload {
        let items: [Element]
        let tree: CountedTree<Entry>

        public nonisolated init(_ items: [Element]) {
            self.items = items
            var tree = CountedTree<Entry>()
            _ = tree.rebuild(items.map { (value: Entry.item($0), counted: true) })
            self.tree = tree
        }
    }
}

extension PlaceholderCollection.PreparedReload: Sendable where Element: Sendable {}
