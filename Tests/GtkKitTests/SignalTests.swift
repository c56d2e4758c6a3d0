// Signals: handlers run on emission, disconnected handlers never run, and the
// closure box (with everything it captured) is freed with the handler.
import XCTest
import CGtk
import GtkKit

final class SignalTests: GTKTestCase {
    func testHandlerRunsOnEveryEmission() {
        onMain {
            let button = Button(label: "Press")
            let clicks = Counter()
            button.onClicked { clicks.increment() }
            emit("clicked", on: button)
            emit("clicked", on: button)
            XCTAssertEqual(clicks.value, 2)
        }
    }

    func testDisconnectedHandlerNeverRunsAgain() {
        onMain {
            let button = Button(label: "Press")
            let disconnected = Counter(), other = Counter()
            let connection = button.onClicked { disconnected.increment() }
            button.onClicked { other.increment() }
            emit("clicked", on: button)
            XCTAssertTrue(connection.isConnected)
            connection.disconnect()
            XCTAssertFalse(connection.isConnected)
            emit("clicked", on: button)
            emit("clicked", on: button)
            XCTAssertEqual(other.value, 3, "the signal was emitted")
            XCTAssertEqual(disconnected.value, 1, "a disconnected handler ran")
        }
    }

    func testHandlerCanDisconnectItselfWhileRunning() {
        onMain {
            let button = Button(label: "Once")
            let runs = Counter()
            var connection: SignalConnection?
            connection = button.onClicked {
                runs.increment()
                connection?.disconnect()
            }
            emit("clicked", on: button)
            emit("clicked", on: button)
            XCTAssertEqual(runs.value, 1)
            XCTAssertEqual(connection?.isConnected, false)
        }
    }

    func testDisconnectTwiceAndAfterTheObjectDiedIsSafe() {
        onMain {
            var button: Button? = Button(label: "Gone")
            let weak = WeakObjectReference(button!.rawPointer)
            let first = button!.onClicked {}
            let second = button!.onClicked {}
            first.disconnect()
            first.disconnect()
            XCTAssertFalse(first.isConnected)
            button = nil
            XCTAssertTrue(waitUntil { !weak.isAlive })
            XCTAssertFalse(second.isConnected, "a connection to a finalized object reads as disconnected")
            second.disconnect()
            second.disconnect()
        }
    }

    func testClosureIsFreedWhenTheObjectIsFinalized() {
        onMain {
            weak var captured: Tracked?
            var button: Button? = Button(label: "Owner")
            do {
                let tracked = Tracked()
                captured = tracked
                button!.onClicked { _ = tracked }
            }
            XCTAssertNotNil(captured, "the handler keeps its captures alive")
            let weak = WeakObjectReference(button!.rawPointer)
            button = nil
            XCTAssertTrue(waitUntil { !weak.isAlive })
            XCTAssertNil(captured, "the handler box outlived its object")
        }
    }

    func testClosureIsFreedWhenTheHandlerIsDisconnected() {
        onMain {
            weak var captured: Tracked?
            let button = Button(label: "Owner")
            var connection: SignalConnection?
            do {
                let tracked = Tracked()
                captured = tracked
                connection = button.onClicked { _ = tracked }
            }
            XCTAssertNotNil(captured)
            connection?.disconnect()
            XCTAssertNil(captured, "disconnect() did not release the handler box")
        }
    }

    func testHandlerCapturingItsEmitterWeaklyDoesNotKeepItAlive() {
        onMain {
            weak var wrapper: Button?
            let object: WeakObjectReference
            let clicks = Counter()
            do {
                let button = Button(label: "Self")
                wrapper = button
                object = WeakObjectReference(button.rawPointer)
                button.onClicked { [weak button] in
                    if button != nil { clicks.increment() }
                }
                emit("clicked", on: button)
            }
            XCTAssertEqual(clicks.value, 1)
            XCTAssertTrue(waitUntil { !object.isAlive }, "connecting leaked a reference to the object")
            XCTAssertNil(wrapper, "the Swift wrapper leaked")
        }
    }

    func testStrongCaptureOfTheEmitterIsACycleThatDisconnectBreaks() {
        onMain {
            let object: WeakObjectReference
            let connection: SignalConnection
            do {
                let button = Button(label: "Cycle")
                object = WeakObjectReference(button.rawPointer)
                connection = button.onClicked { _ = button.label }
            }
            spin(seconds: 0.02)
            XCTAssertTrue(object.isAlive, "object → box → closure → wrapper → object")
            connection.disconnect()
            XCTAssertTrue(waitUntil { !object.isAlive }, "disconnect() did not break the cycle")
        }
    }

    func testBooleanReturnReachesGTK() {
        onMain {
            var window: Window? = Window()
            let requests = Counter(), destroyed = Counter()
            let keepOpen = Flag(true)
            window!.onCloseRequest { requests.increment(); return keepOpen.value }
            window!.onDestroy { destroyed.increment() }
            window!.present()
            XCTAssertTrue(waitUntil { gtk_widget_get_mapped(window!.widget) != 0 })
            window!.close()
            XCTAssertEqual(requests.value, 1)
            XCTAssertTrue(window!.isVisible, "returning true from close-request must keep the window")
            XCTAssertEqual(window!.referenceCount, 2)
            keepOpen.value = false
            window!.close()
            XCTAssertEqual(requests.value, 2)
            XCTAssertFalse(window!.isVisible, "returning false from close-request must let GTK destroy it")
            XCTAssertEqual(window!.referenceCount, 1, "GTK dropped its reference")
            XCTAssertEqual(destroyed.value, 0, "GTK 4 emits destroy on dispose, when the wrapper lets go")
            window = nil
            XCTAssertTrue(waitUntil { destroyed.value == 1 })
        }
    }
}
