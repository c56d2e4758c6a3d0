// Idle and timeout sources: they fire from the loop, stop when the closure
// returns false or on cancel(), and release their closure box when they stop.
import XCTest
import CGtk
import GtkKit

final class TimerTests: GTKTestCase {
    func testIdleRunsUntilItReturnsFalseThenReleasesItsClosure() {
        onMain {
            weak var captured: Tracked?
            let runs = Counter()
            do {
                let tracked = Tracked()
                captured = tracked
                TimerSource.idle { _ = tracked; runs.increment(); return runs.value < 3 }
            }
            XCTAssertEqual(runs.value, 0, "an idle callback runs from the loop, not inline")
            XCTAssertTrue(waitUntil { runs.value == 3 })
            spin(seconds: 0.05)
            XCTAssertEqual(runs.value, 3, "returning false did not stop the source")
            XCTAssertNil(captured, "the finished source did not release its closure")
        }
    }

    func testTimeoutRepeatsAtItsIntervalUntilItReturnsFalse() {
        onMain {
            let start = g_get_monotonic_time()
            let runs = Counter()
            TimerSource.timeout(milliseconds: 30) {
                runs.increment()
                return runs.value < 3
            }
            XCTAssertTrue(waitUntil { runs.value == 3 })
            let total = (g_get_monotonic_time() - start) / 1_000
            XCTAssertGreaterThanOrEqual(total, 90, "three 30 ms intervals took only \(total) ms")
            spin(seconds: 0.1)
            XCTAssertEqual(runs.value, 3)
        }
    }

    func testAfterRunsOnceAfterTheDelayAndReleasesItsClosure() {
        onMain {
            weak var captured: Tracked?
            let runs = Counter()
            let start = g_get_monotonic_time()
            do {
                let tracked = Tracked()
                captured = tracked
                TimerSource.after(milliseconds: 50) {
                    _ = tracked
                    runs.increment()
                }
            }
            XCTAssertNotNil(captured, "a pending source keeps its closure")
            XCTAssertTrue(waitUntil { runs.value == 1 })
            let firedAfter = (g_get_monotonic_time() - start) / 1_000
            XCTAssertGreaterThanOrEqual(firedAfter, 50)
            spin(seconds: 0.1)
            XCTAssertEqual(runs.value, 1, "after() fired more than once")
            XCTAssertNil(captured, "the fired source did not release its closure")
        }
    }

    func testCancelBeforeFiringMeansItNeverRunsAndReleasesTheClosure() {
        onMain {
            weak var capturedByIdle: Tracked?
            weak var capturedByTimeout: Tracked?
            let runs = Counter()
            let idle: TimerSource, timeout: TimerSource
            do {
                let a = Tracked(), b = Tracked()
                capturedByIdle = a
                capturedByTimeout = b
                idle = TimerSource.idle { _ = a; runs.increment(); return true }
                timeout = TimerSource.after(milliseconds: 10) { _ = b; runs.increment() }
            }
            idle.cancel()
            timeout.cancel()
            XCTAssertNil(capturedByIdle, "cancel() did not release the idle closure")
            XCTAssertNil(capturedByTimeout, "cancel() did not release the timeout closure")
            XCTAssertEqual(idle.id, 0)
            spin(seconds: 0.1)
            XCTAssertEqual(runs.value, 0, "a cancelled source ran")
            idle.cancel()  // twice is harmless
        }
    }

    func testCancelAfterTheSourceFinishedIsHarmless() {
        onMain {
            let runs = Counter()
            let source = TimerSource.idle { runs.increment(); return false }
            XCTAssertTrue(waitUntil { runs.value == 1 })
            let other = Counter()
            TimerSource.idle { other.increment(); return other.value < 2 }
            source.cancel()  // must not remove (or warn about) anything else
            XCTAssertTrue(waitUntil { other.value == 2 }, "cancelling a finished source disturbed another one")
        }
    }

    func testCancelFromInsideTheCallbackStopsIt() {
        onMain {
            let runs = Counter()
            var source: TimerSource?
            source = TimerSource.timeout(milliseconds: 5) {
                runs.increment()
                source?.cancel()
                return true
            }
            XCTAssertTrue(waitUntil { runs.value == 1 })
            spin(seconds: 0.05)
            XCTAssertEqual(runs.value, 1)
        }
    }
}
