/// Flocking by dwell: during an in-app drag, resting over another photo for about 600 ms
/// proposes adding it to the drag (a pointer cannot tap while it drags, so dwelling is the
/// desktop's version of tapping more items).
///
/// Photos already in the drag never start a dwell, and nothing dwells once the drag can
/// take no more items, so the ring only appears where it can succeed.
@MainActor
public final class DwellFlocking {
    public let session: DragSession
    private let timer: DwellTimer<LocalObject>

    /// How long a rest on a photo takes to add it.
    nonisolated public static let delay: Duration = .milliseconds(600)

    public init(session: DragSession, delay: Duration = DwellFlocking.delay,
                movementThreshold: Double = 8, clock: any DragClock = SystemDragClock()) {
        self.session = session
        timer = DwellTimer(delay: delay, movementThreshold: movementThreshold, clock: clock)
    }

    /// The pointer is at `point` over the photo `object` (nil: over no photo).
    public func hover(over object: LocalObject?, at point: Point) {
        guard let object, session.phase == .dragging, session.canAddItems, !session.contains(object) else {
            return timer.stop()
        }
        timer.hover(over: object, at: point)
    }

    public func stop() { timer.stop() }

    /// The photo under the dwell, for drawing the ring around it.
    public var candidate: LocalObject? { timer.target }
    /// 0...1, for the ring.
    public var progress: Double { timer.progress }
    public var deadline: Duration? { timer.deadline }

    /// The photo to add, once its dwell completes. The adapter builds its `DragItem` and
    /// passes it to `session.add`, which still applies the flocking rules.
    public func poll() -> LocalObject? {
        guard let object = timer.poll(), !session.contains(object), session.canAddItems else { return nil }
        return object
    }
}
