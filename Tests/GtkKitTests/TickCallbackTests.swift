// Tick callbacks: they run once per frame while the widget is shown, and their
// closure box is released when they stop, are removed, or the widget dies.
import XCTest
import CGtk
import GtkKit

@MainActor
private final class FrameTimes {
    var times: [Int64] = []
}

final class TickCallbackTests: GTKTestCase {
    func testTicksRunWithAdvancingFrameTimesUntilFalseThenReleaseTheClosure() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let label = Label("ticking")
            window.setChild(label)
            window.present()
            weak var captured: Tracked?
            let frames = FrameTimes()
            let ticks = Counter()
            do {
                let tracked = Tracked()
                captured = tracked
                label.addTickCallback { time in
                    _ = tracked
                    ticks.increment()
                    frames.times.append(time)
                    return ticks.value < 3
                }
            }
            XCTAssertTrue(waitUntil { ticks.value == 3 }, "the frame clock never ticked the callback")
            spin(seconds: 0.1)
            XCTAssertEqual(ticks.value, 3, "returning false did not stop the ticks")
            XCTAssertNil(captured, "a stopped tick callback kept its closure")
            XCTAssertEqual(frames.times, frames.times.sorted(), "frame times went backwards")
        }
    }

    func testRemoveReleasesTheClosureAndIsSafeAfterTheWidgetDied() {
        onMain {
            weak var captured: Tracked?
            var label: Label? = Label("not shown")
            let tick: TickCallback
            do {
                let tracked = Tracked()
                captured = tracked
                tick = label!.addTickCallback { _ in _ = tracked; return true }
            }
            XCTAssertNotNil(captured)
            tick.remove()
            XCTAssertNil(captured, "remove() did not release the closure")
            tick.remove()
            label = nil
            tick.remove()
        }
    }

    func testClosureIsReleasedWhenTheWidgetIsFinalized() {
        onMain {
            weak var captured: Tracked?
            var label: Label? = Label("short-lived")
            let object = WeakObjectReference(label!.rawPointer)
            do {
                let tracked = Tracked()
                captured = tracked
                label!.addTickCallback { _ in _ = tracked; return true }
            }
            label = nil
            XCTAssertTrue(waitUntil { !object.isAlive })
            XCTAssertNil(captured, "the tick closure outlived its widget")
        }
    }
}
