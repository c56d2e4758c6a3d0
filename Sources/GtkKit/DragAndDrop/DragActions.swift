import CGtk

/// GDK's drag actions by name, so that the app never spells GDK's C constants (and so
/// that one name says what Drover's targets accept).
public extension GdkDragAction {
    /// No action: the drop is refused, or the drag is not over a target.
    static let none = GdkDragAction(0)
    static let copy = GDK_ACTION_COPY
    static let move = GDK_ACTION_MOVE
    /// What Drover's drop targets accept: copies from other apps (some, like Nautilus,
    /// offer only MOVE, which Drover finishes as COPY) and moves within the app.
    static let copyOrMove = GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue)

    func contains(_ action: GdkDragAction) -> Bool { rawValue & action.rawValue != 0 }
}
