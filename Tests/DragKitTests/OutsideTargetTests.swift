import Foundation
import Testing
@testable import DragKit

/// A target never acts on a position outside itself (`DropSession.update(at:within:target:)`).
/// On Wayland GTK can report a drag's `enter` and first motions in the window surface's
/// margin, at negative coordinates such as (−14, −12): there the delete zone must not light
/// up, and a drop must do nothing.
@MainActor @Suite struct OutsideTargetTests {
    let zone = Size(width: 400, height: 48)

    func inAppPhotos() -> DropSession {
        let drag = DragSession(items: [photoItem(1, sourceIndex: 0), photoItem(2, sourceIndex: 3)], origin: .zero)
        try? drag.beginDragging()
        return DropSession(local: drag)
    }

    @Test func aPositionInsideTheTargetIsActedOn() throws {
        let session = inAppPhotos()
        var asked: [Point] = []
        let proposal = session.update(at: Point(x: 10, y: 40), within: zone) { point in
            asked.append(point)
            return .deleteZone
        }
        #expect(asked == [Point(x: 10, y: 40)])
        #expect(proposal.performsDrop)
        guard case .moveToTrash = try session.performDrop() else {
            Issue.record("a drop inside the delete zone did not delete")
            return
        }
    }

    @Test(arguments: [Point(x: -14, y: -12), Point(x: 400, y: 10), Point(x: 10, y: 48), Point(x: -0.5, y: 3),
                      Point(x: .nan, y: 3), Point(x: 3, y: .infinity)])
    func aPositionOutsideTheTargetIsNeverActedOn(_ point: Point) throws {
        let session = inAppPhotos()
        var asked = false
        let proposal = session.update(at: point, within: zone) { _ in
            asked = true
            return .deleteZone
        }
        #expect(!asked, "the target was asked about a position outside itself")
        #expect(!proposal.performsDrop)
        guard case .nothing = try session.performDrop() else {
            Issue.record("a drop at \(point), outside the target, did something")
            return
        }
    }

    @Test func movingBackInsideActsAgain() {
        let session = inAppPhotos()
        #expect(!session.update(at: Point(x: -14, y: -12), within: zone) { _ in .deleteZone }.performsDrop)
        #expect(session.update(at: Point(x: 0, y: 0), within: zone) { _ in .deleteZone }.performsDrop)
    }
}
