/// Which tiles are selected, by item id, with the anchor that Shift-click and
/// Shift+arrow extend from. Pure bookkeeping: the grid renders it.
struct GridSelection {
    private(set) var selectedIDs: Set<String> = []
    private(set) var anchorIndex: Int?

    func contains(_ id: String) -> Bool { selectedIDs.contains(id) }
    var isEmpty: Bool { selectedIDs.isEmpty }

    /// A plain click: select only this item.
    mutating func select(only index: Int, in items: [TileModel]) {
        selectedIDs = [items[index].id]
        anchorIndex = index
    }

    /// Ctrl-click or Ctrl+Space: toggle one item.
    mutating func toggle(_ index: Int, in items: [TileModel]) {
        let id = items[index].id
        if selectedIDs.remove(id) == nil { selectedIDs.insert(id) }
        anchorIndex = index
    }

    /// Shift-click or Shift+arrow: select the range from the anchor to `index`.
    mutating func extend(to index: Int, in items: [TileModel]) {
        let anchor = anchorIndex ?? index
        let range = min(anchor, index)...max(anchor, index)
        selectedIDs = Set(range.map { items[$0].id })
        anchorIndex = anchor
    }

    /// Rubber band: exactly the items at `indices` (added to `base` with Ctrl).
    mutating func select(indices: [Int], in items: [TileModel], adding base: Set<String> = []) {
        selectedIDs = base.union(indices.map { items[$0].id })
        anchorIndex = indices.first
    }

    mutating func clear() {
        selectedIDs = []
        anchorIndex = nil
    }

    /// Forgets items taken out of the grid.
    mutating func forget(_ ids: Set<String>) {
        selectedIDs.subtract(ids)
    }

    /// Moves the anchor to where its item is after a change (nil: the item went).
    mutating func moveAnchor(to index: Int?) {
        anchorIndex = index
    }
}
