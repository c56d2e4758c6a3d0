import Testing
@testable import DragKit

@MainActor @Suite struct StallWatchTests {
    let clock = ManualDragClock()

    @Test func silenceForTheLimitFiresOnceAndNotBefore() {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        #expect(watch.deadline == .seconds(20))
        clock.advance(by: .milliseconds(19_999))
        #expect(!watch.poll())
        clock.advance(by: .milliseconds(1))
        #expect(watch.poll())
        #expect(watch.state == .stalled)
        clock.advance(by: .seconds(60))
        #expect(!watch.poll())  // once
        #expect(watch.deadline == nil)
    }

    @Test func progressResetsTheSilence() {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        // A slow source: a chunk every 15 s, for a minute and a half, never stalls.
        for _ in 0..<6 {
            clock.advance(by: .seconds(15))
            #expect(!watch.poll())
            watch.heard()
            #expect(watch.deadline == clock.now + .seconds(20))
        }
        // Then it stops sending: 20 s after the last chunk, and not before.
        clock.advance(by: .seconds(19))
        #expect(!watch.poll())
        clock.advance(by: .seconds(1))
        #expect(watch.poll())
    }

    @Test func stoppingMeansItNeverFires() {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        clock.advance(by: .seconds(10))
        watch.stop()
        clock.advance(by: .seconds(100))
        #expect(!watch.poll())
        #expect(watch.state == .stopped)
        #expect(watch.deadline == nil)
        watch.heard()  // a late chunk does not restart it
        #expect(watch.deadline == nil)
    }

    @Test func progressAfterTheStallDoesNotUndoIt() {
        let watch = StallWatch(limit: .seconds(3), clock: clock)
        clock.advance(by: .seconds(3))
        #expect(watch.poll())
        watch.heard()
        watch.stop()
        #expect(watch.state == .stalled)
    }

    @Test func waitingSleepsUntilEachDeadlineAndReportsTheStall() async {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        var sleeps: [Duration] = []
        let stalled = await watch.waitForStall { duration in
            sleeps.append(duration)
            // Data arrives 5 s into the first wait only.
            if sleeps.count == 1 {
                clock.advance(by: .seconds(5))
                watch.heard()
                clock.advance(by: duration - .seconds(5))
            } else {
                clock.advance(by: duration)
            }
        }
        #expect(stalled)
        #expect(sleeps == [.seconds(20), .seconds(5)])
        #expect(clock.now == .seconds(25))
    }

    @Test func waitingEndsWithoutAStallWhenStopped() async {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        let stalled = await watch.waitForStall { duration in
            clock.advance(by: duration / 2)
            watch.stop()
        }
        #expect(!stalled)
        #expect(watch.state == .stopped)
    }

    @Test func waitingEndsWithoutAStallWhenCancelled() async {
        let watch = StallWatch(limit: .seconds(20), clock: clock)
        let stalled = await watch.waitForStall { _ in throw CancellationError() }
        #expect(!stalled)
        #expect(watch.state == .watching)
    }

    @Test func cancellingTheWaitingTaskEndsItsRealSleep() async {
        // The real clock and sleep, with a limit no test run reaches: only the cancel ends it.
        let watch = StallWatch(limit: .seconds(3600))
        let waiting = Task { await watch.waitForStall() }
        waiting.cancel()
        #expect(await waiting.value == false)
    }

    @Test func theMessageNamesTheLimit() {
        #expect(StallWatch(clock: clock).message == "No data for 20 s")
        #expect(StallWatch(limit: .seconds(3), clock: clock).message == "No data for 3 s")
        #expect(StallWatch(limit: .milliseconds(2500), clock: clock).message == "No data for 2.5 s")
    }
}
