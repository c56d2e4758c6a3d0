import Testing
@testable import DragKit

@MainActor @Suite struct SpringLoadingTests {
    let clock = ManualDragClock()
    let album: ContainerID = 5

    @Test func firesAtFiveHundredMillisecondsAndNotBefore() {
        let spring = DwellTimer.springLoading(clock: clock)
        spring.hover(over: album, at: Point(x: 10, y: 10))
        #expect(spring.deadline == .milliseconds(500))
        clock.advance(by: .milliseconds(499))
        spring.hover(over: album, at: Point(x: 13, y: 12))  // a hand is never still
        #expect(spring.poll() == nil)
        #expect(spring.progress == 0.998)
        clock.advance(by: .milliseconds(1))
        #expect(spring.poll() == album)
        #expect(spring.poll() == nil)  // once
        #expect(spring.progress == 1)
    }

    /// A narrow window's folded sidebar opens like an album: after 500 ms on its button,
    /// once, and not if the drag moves on.
    @Test func theFoldedSidebarOpensAfterTheSameDwell() {
        let opener = DwellTimer.sidebarOpening(clock: clock)
        opener.hover(over: .showButton, at: Point(x: 20, y: 20))
        clock.advance(by: .milliseconds(499))
        #expect(opener.poll() == nil)
        clock.advance(by: .milliseconds(1))
        #expect(opener.poll() == .showButton)
        #expect(opener.poll() == nil)

        opener.hover(over: nil, at: .zero)
        opener.hover(over: .showButton, at: .zero)
        clock.advance(by: .milliseconds(300))
        opener.hover(over: nil, at: Point(x: 200, y: 0))  // passed over it on the way elsewhere
        clock.advance(by: .milliseconds(300))
        #expect(opener.poll() == nil)
    }

    @Test func movementPastTheThresholdRestartsTheTimer() {
        let spring = DwellTimer.springLoading(clock: clock)
        spring.hover(over: album, at: Point(x: 10, y: 10))
        clock.advance(by: .milliseconds(300))
        spring.hover(over: album, at: Point(x: 10, y: 19))  // 9 px: a deliberate move
        clock.advance(by: .milliseconds(400))
        #expect(spring.poll() == nil)
        #expect(spring.deadline == .milliseconds(800))
        clock.advance(by: .milliseconds(100))
        #expect(spring.poll() == album)
    }

    @Test func anotherContainerStartsAfresh() {
        let spring = DwellTimer.springLoading(clock: clock)
        spring.hover(over: album, at: .zero)
        clock.advance(by: .milliseconds(400))
        spring.hover(over: 6, at: .zero)
        clock.advance(by: .milliseconds(400))
        #expect(spring.poll() == nil)
        clock.advance(by: .milliseconds(100))
        #expect(spring.poll() == 6)
    }

    @Test func leavingOrDroppingCancels() {
        let spring = DwellTimer.springLoading(clock: clock)
        spring.hover(over: album, at: .zero)
        clock.advance(by: .milliseconds(400))
        spring.hover(over: nil, at: .zero)  // left the row
        clock.advance(by: .milliseconds(200))
        #expect(spring.poll() == nil)
        #expect(spring.progress == 0)

        spring.hover(over: album, at: .zero)
        clock.advance(by: .milliseconds(450))
        spring.stop()  // dropped (X11 sends no leave)
        clock.advance(by: .milliseconds(100))
        #expect(spring.poll() == nil)
        #expect(spring.deadline == nil)
    }
}

@MainActor @Suite struct DwellFlockingTests {
    let clock = ManualDragClock()

    func dragging(_ ids: [Int], limit: Int? = nil) -> DragSession {
        let session = DragSession(items: ids.map { photoItem($0) }, origin: .zero, itemLimit: limit)
        try? session.beginDragging()
        return session
    }

    @Test func dwellingOverAnotherPhotoProposesItAfterSixHundredMilliseconds() {
        let session = dragging([1])
        let flocking = DwellFlocking(session: session, clock: clock)
        flocking.hover(over: LocalObject(2), at: Point(x: 100, y: 100))
        clock.advance(by: .milliseconds(300))
        #expect(flocking.progress == 0.5)
        #expect(flocking.candidate == LocalObject(2))
        #expect(flocking.poll() == nil)
        clock.advance(by: .milliseconds(300))
        #expect(flocking.poll() == LocalObject(2))
        session.add([photoItem(2)])
        #expect(session.items.count == 2)
    }

    @Test func photosAlreadyInTheDragNeverDwell() {
        let session = dragging([1, 2])
        let flocking = DwellFlocking(session: session, clock: clock)
        flocking.hover(over: LocalObject(2), at: .zero)
        clock.advance(by: .seconds(1))
        #expect(flocking.poll() == nil)
        #expect(flocking.progress == 0)
    }

    @Test func aFullDragOrOneNotYetMovingDoesNotFlock() {
        let full = dragging([1, 2], limit: 2)
        let flocking = DwellFlocking(session: full, clock: clock)
        flocking.hover(over: LocalObject(3), at: .zero)
        clock.advance(by: .seconds(1))
        #expect(flocking.poll() == nil)

        let lifting = DragSession(items: [photoItem(1)], origin: .zero)
        let early = DwellFlocking(session: lifting, clock: clock)
        early.hover(over: LocalObject(3), at: .zero)
        clock.advance(by: .seconds(1))
        #expect(early.poll() == nil)
    }
}
