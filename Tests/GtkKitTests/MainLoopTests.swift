// The main-queue bridge: Swift concurrency runs inside GLib's main loop, and
// the loop sleeps when there is nothing to do.
import XCTest
import Foundation
import CGtk
import GtkKit

@MainActor
private final class RunRecord {
    var activated = false
    var dispatchDepth: Int32?
    var taskResumedDepth: Int32?
    var taskResumedOnMainThread = false
    var timedOut = false
    var window: WeakObjectReference?
}

final class MainLoopTests: GTKTestCase {
    func testMainActorTaskAndMainQueueRunInsideApplicationRun() {
        onMain {
            let app = Application(id: "app.drover.GtkKitTests.Run\(getpid())", flags: G_APPLICATION_NON_UNIQUE)
            let record = RunRecord()
            app.onActivate { [weak app] in
                guard let app else { return }
                record.activated = true
                app.hold()  // without a window or a hold, run() returns right after activate
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { record.dispatchDepth = g_main_depth() }
                }
                Task { @MainActor in
                    try? await Task.sleep(for: .milliseconds(20))  // resumes from a timer thread
                    await Task.yield()
                    record.taskResumedDepth = g_main_depth()
                    record.taskResumedOnMainThread = Thread.isMainThread
                    app.release()
                    app.quit()
                }
            }
            // If the bridge were broken, nothing would ever call quit(): fail instead of hanging.
            let watchdog = TimerSource.after(milliseconds: 5_000) { [weak app] in
                record.timedOut = true
                app?.quit()
            }
            let status = app.run(arguments: ["gtkkit-tests"])
            watchdog.cancel()

            XCTAssertEqual(status, 0, "run() returned")
            XCTAssertTrue(record.activated)
            XCTAssertFalse(record.timedOut, "the main-actor task never ran inside g_application_run")
            XCTAssertNotNil(record.taskResumedDepth, "the task did not finish before run() returned")
            XCTAssertGreaterThan(record.taskResumedDepth ?? 0, 0, "the task did not run from a GLib dispatch")
            XCTAssertTrue(record.taskResumedOnMainThread, "main-actor work ran off the main thread")
            XCTAssertGreaterThan(record.dispatchDepth ?? 0, 0, "DispatchQueue.main did not run inside the loop")
        }
    }

    func testRunReturnsWhenTheLastWindowIsDestroyedAndTheWindowIsFinalized() {
        onMain {
            let app = Application(id: "app.drover.GtkKitTests.Window\(getpid())", flags: G_APPLICATION_NON_UNIQUE)
            let record = RunRecord()
            app.onActivate { [weak app] in
                guard let app else { return }
                record.activated = true
                let window = ApplicationWindow(application: app)
                record.window = WeakObjectReference(window.rawPointer)
                window.present()
                Task { @MainActor in
                    await Task.yield()
                    window.destroy()  // the app's last window: run() returns
                }
            }
            let watchdog = TimerSource.after(milliseconds: 5_000) { [weak app] in
                record.timedOut = true
                app?.quit()
            }
            let status = app.run(arguments: ["gtkkit-tests"])
            watchdog.cancel()
            XCTAssertEqual(status, 0)
            XCTAssertTrue(record.activated)
            XCTAssertFalse(record.timedOut, "run() did not return after the last window was destroyed")
            XCTAssertTrue(waitUntil { record.window?.isAlive == false }, "the application window leaked")
        }
    }

    func testHopFromABackgroundThreadLandsOnTheMainThreadInsideTheLoop() {
        onMain {
            let record = RunRecord()
            Task.detached {
                XCTAssertFalse(Thread.isMainThread)
                await MainActor.run {
                    record.taskResumedDepth = g_main_depth()
                    record.taskResumedOnMainThread = Thread.isMainThread
                }
            }
            XCTAssertTrue(waitUntil { record.taskResumedDepth != nil }, "the hop to the main actor never ran")
            XCTAssertTrue(record.taskResumedOnMainThread, "main-actor work ran off the main thread")
            XCTAssertGreaterThan(record.taskResumedDepth ?? 0, 0, "the hop did not run from a GLib dispatch")
        }
    }

    func testIdleLoopSleepsInsteadOfSpinning() {
        onMain {
            // The bridge is live: a main-queue block runs when GLib iterates...
            let ran = Flag()
            DispatchQueue.main.async { MainActor.assumeIsolated { ran.value = true } }
            XCTAssertTrue(waitUntil { ran.value }, "DispatchQueue.main never ran: is the bridge installed?")
            GTKTest.drain()
            // ...and once it has run, a blocking iteration sleeps until real work
            // arrives. An undrained eventfd would wake the loop on every iteration.
            let fired = Flag()
            TimerSource.after(milliseconds: 200) { fired.value = true }
            var wakeups = 0
            while !fired.value {
                MainLoop.iterate(blocking: true)
                wakeups += 1
            }
            XCTAssertLessThanOrEqual(wakeups, 5, "the main loop woke \(wakeups) times in 200 ms with nothing to do")
        }
    }

    /// GLib does not re-enter a source while it is dispatching, so a nested
    /// loop run from main-actor work (which the bridge is dispatching) runs GLib
    /// sources but no other main-queue work. That keeps main-actor jobs from
    /// interleaving, and it means main-actor code must never block waiting for
    /// another main-actor job.
    func testNestedIterationInsideMainActorWorkDoesNotRunOtherMainActorWork() {
        onMain {
            let finished = Flag(), otherJobRan = Flag(), nestedSawOtherJob = Flag(), timerRan = Flag()
            Task { @MainActor in
                Task { @MainActor in otherJobRan.value = true }
                TimerSource.after(milliseconds: 10) { timerRan.value = true }
                nestedSawOtherJob.value = MainLoop.iterate(until: { otherJobRan.value }, timeout: 0.2)
                finished.value = true
            }
            XCTAssertTrue(waitUntil { finished.value })
            XCTAssertTrue(timerRan.value, "GLib sources run in the nested loop")
            XCTAssertFalse(nestedSawOtherJob.value, "main-actor jobs interleaved inside another main-actor job")
            XCTAssertTrue(waitUntil { otherJobRan.value }, "the other job ran once the first returned")
        }
    }

    func testIterateUntilGivesUpAtTheTimeout() {
        onMain {
            let start = g_get_monotonic_time()
            XCTAssertFalse(MainLoop.iterate(until: { false }, timeout: 0.1))
            let elapsed = Double(g_get_monotonic_time() - start) / 1_000_000
            // It waited the whole timeout. How much longer it took is the machine's load, not
            // a property of the loop: no upper bound here (no wall-clock limits in tests).
            XCTAssertGreaterThanOrEqual(elapsed, 0.1)
        }
    }
}
