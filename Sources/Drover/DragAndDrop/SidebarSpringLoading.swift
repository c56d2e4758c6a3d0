import DragKit
import GtkKit

/// Spring loading the folded sidebar of a narrow window: a drag that rests on the header
/// bar's "Show Albums" button for DragKit's dwell opens the drawer, so the photos can be
/// dropped on an album row; the drawer closes again when the in-app drag ends.
@MainActor
final class SidebarSpringLoading {
    private let fold: SidebarFold
    private let motion = DropMotionController()
    private let clock = SystemDragClock()
    private lazy var dwell = DwellWatch(DwellTimer<SidebarOpener>.sidebarOpening(clock: clock), clock: clock)

    init(fold: SidebarFold, coordinator: DragCoordinator) {
        self.fold = fold
        dwell.onDwell = { [weak fold] _ in fold?.openForDrag() }
        motion.onEnter { [weak self] x, y in self?.dwell.hover(over: .showButton, at: Point(x: x, y: y)) }
        motion.onMotion { [weak self] x, y in self?.dwell.hover(over: .showButton, at: Point(x: x, y: y)) }
        motion.onLeave { [weak self] in self?.dwell.stop() }
        fold.showButton.add(motion)
        coordinator.onDragEnded.append { [weak self] in
            self?.dwell.stop()
            self?.fold.dragEnded()
        }
    }
}
