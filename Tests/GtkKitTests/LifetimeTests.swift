// Object lifetime: who owns which reference, and when the GObject is finalized.
import XCTest
import Foundation
import CGtk
import GtkKit

final class LifetimeTests: GTKTestCase {
    func testSinkTakesOwnershipOfAFloatingWidget() {
        onMain {
            let raw = gtk_label_new("floating")!
            XCTAssertNotEqual(g_object_is_floating(raw), 0, "gtk_label_new returns a floating reference")
            let label = Widget(raw)
            XCTAssertEqual(g_object_is_floating(raw), 0, "the wrapper sinks it")
            XCTAssertEqual(label.referenceCount, 1, "and owns the only reference")
        }
    }

    func testLastWrapperFinalizesTheObject() {
        onMain {
            var label: Label? = Label("short-lived")
            let weak = WeakObjectReference(label!.rawPointer)
            XCTAssertTrue(weak.isAlive)
            label = nil
            XCTAssertTrue(waitUntil { !weak.isAlive }, "the GObject outlived its last wrapper")
        }
    }

    func testBorrowAddsAReferenceAndTakeDoesNot() {
        onMain {
            let raw = UnsafeMutableRawPointer(g_simple_action_new("lifetime", nil)!)  // not floating, ref 1
            let weak = WeakObjectReference(raw)
            var owner: Object? = Object(raw, ownership: .take)
            XCTAssertEqual(owner?.referenceCount, 1, ".take adopts the caller's reference")
            var borrower: Object? = Object(raw, ownership: .borrow)
            XCTAssertEqual(borrower?.referenceCount, 2, ".borrow adds one")
            borrower = nil
            XCTAssertTrue(weak.isAlive, "dropping the borrower leaves the owner's reference")
            XCTAssertEqual(owner?.referenceCount, 1)
            owner = nil
            XCTAssertTrue(waitUntil { !weak.isAlive })
        }
    }

    func testSinkOnANonFloatingObjectAddsAReference() {
        onMain {
            let raw = UnsafeMutableRawPointer(g_simple_action_new("sink", nil)!)
            let wrapper = Object(raw, ownership: .sink)
            XCTAssertEqual(wrapper.referenceCount, 2, "ref_sink of a non-floating object adds a reference")
            g_object_unref(raw)
            XCTAssertEqual(wrapper.referenceCount, 1)
        }
    }

    func testDestroyedWindowIsFinalizedWhenTheWrapperGoes() {
        onMain {
            var window: Window? = Window()
            let weak = WeakObjectReference(window!.rawPointer)
            XCTAssertEqual(window?.referenceCount, 2, "GTK's toplevel reference plus the wrapper's")
            window?.destroy()
            XCTAssertTrue(weak.isAlive, "the wrapper still owns a reference after destroy()")
            XCTAssertEqual(window?.referenceCount, 1)
            window = nil
            XCTAssertTrue(waitUntil { !weak.isAlive }, "destroyed window leaked")
        }
    }

    func testWindowOutlivesItsWrapperUntilDestroyed() {
        onMain {
            var window: Window? = Window()
            let raw = window!.rawPointer
            let weak = WeakObjectReference(raw)
            window = nil
            spin(seconds: 0.05)
            XCTAssertTrue(weak.isAlive, "GTK owns a window until it is destroyed")
            gtk_window_destroy(raw.assumingMemoryBound(to: GtkWindow.self))
            XCTAssertTrue(waitUntil { !weak.isAlive })
        }
    }

    func testChildStaysAliveWhileItsWindowLives() {
        onMain {
            var window: Window? = Window()
            var label: Label? = Label("child")
            let weakLabel = WeakObjectReference(label!.rawPointer)
            window?.setChild(label)
            label = nil
            window?.present()
            spin(seconds: 0.05)
            XCTAssertTrue(weakLabel.isAlive, "the window keeps its child")
            window?.destroy()
            window = nil
            XCTAssertTrue(waitUntil { !weakLabel.isAlive }, "the child outlived its window")
        }
    }

    func testControllerNeverAddedToAWidgetIsFreedWithItsWrapper() {
        onMain {
            var click: ClickGesture? = ClickGesture()
            let weak = WeakObjectReference(click!.rawPointer)
            XCTAssertEqual(click?.referenceCount, 1, "the wrapper owns the only reference")
            click = nil
            XCTAssertTrue(waitUntil { !weak.isAlive }, "an unused event controller leaked")
        }
    }

    func testAddedControllerLivesAsLongAsItsWidget() {
        onMain {
            var box: Box? = Box(GTK_ORIENTATION_HORIZONTAL)
            var keys: KeyController? = KeyController()
            let weak = WeakObjectReference(keys!.rawPointer)
            box?.add(keys!)
            XCTAssertEqual(keys?.referenceCount, 2, "the widget's reference plus the wrapper's")
            keys = nil
            spin(seconds: 0.02)
            XCTAssertTrue(weak.isAlive, "the widget keeps its controller")
            box = nil
            XCTAssertTrue(waitUntil { !weak.isAlive }, "the controller outlived its widget")
        }
    }

    func testWrapperReleasedOnABackgroundThreadUnrefsOnTheMainThread() {
        onMain {
            FinalizeProbe.reset()
            var label: Label? = Label("background")
            let weak = WeakObjectReference(label!.rawPointer)
            g_object_weak_ref(label!.gobject, FinalizeProbe.notify, nil)
            let holder = LastReference(label!)
            label = nil
            let released = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                holder.drop()  // the last Swift reference dies off the main thread
                released.signal()
            }
            released.wait()
            XCTAssertTrue(waitUntil { !weak.isAlive }, "isolated deinit never ran")
            XCTAssertEqual(FinalizeProbe.finalizedOnMainThread, true, "g_object_unref ran off the main thread")
        }
    }
}

/// Holds the only reference to a wrapper so that another thread can drop it.
private final class LastReference: @unchecked Sendable {
    private var object: Object?
    private let lock = NSLock()
    init(_ object: Object) { self.object = object }
    func drop() { lock.withLock { object = nil } }
}

/// Records which thread finalized a GObject (a GWeakNotify runs inside finalization).
private enum FinalizeProbe {
    nonisolated(unsafe) static var finalizedOnMainThread: Bool?
    static func reset() { finalizedOnMainThread = nil }
    static let notify: GWeakNotify = { _, _ in finalizedOnMainThread = Thread.isMainThread }
}
