import CGtk
import GtkKit

/// Finishes a drop exactly once, whichever comes first: the data arriving,
/// a failure, or the user cancelling the placeholder (a stalled source may
/// never answer, so cancelling must not wait for it).
@MainActor
final class DropFinisher {
    private var content: ContentReader?

    init(_ content: ContentReader) { self.content = content }

    func finish(_ action: GdkDragAction) {
        content?.finish(action)
        content = nil
    }

    var isFinished: Bool { content == nil }
}
