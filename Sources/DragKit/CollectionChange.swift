/// One incremental change to an ordered collection, in the order the view must apply it.
/// The GTK grid plays these back as animations (and as GListModel `items-changed`), which is
/// why the collection never reports a change as "everything changed" unless it truly did.
public enum CollectionChange: Hashable, Sendable {
    case insert(at: Int)
    case remove(at: Int)
    /// Array semantics: take the entry out at `from`, then insert it so it ends at `to`.
    case move(from: Int, to: Int)
    /// The entry at this index was exchanged for another (a placeholder became its item).
    case replace(at: Int)
    /// The real items were reloaded wholesale; placeholders kept their identity.
    case reload
}
