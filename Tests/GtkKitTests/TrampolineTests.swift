// Typed trampolines: every C signature GtkKit connects delivers its arguments
// and its return value intact.
import XCTest
import CGtk
import GtkKit

// Fundamental GTypes are macros and do not import (G_TYPE_MAKE_FUNDAMENTAL(n) is n << 2).
private let gTypeBoolean = GType(5 << 2)
private let gTypeInt = GType(6 << 2)
private let gTypeUInt = GType(7 << 2)
private let gTypeDouble = GType(15 << 2)

/// Emits `signal` through g_signal_emitv with typed arguments; returns the
/// boolean the handlers returned, for signals that return one.
@MainActor
@discardableResult
private func emit(_ signal: String, on object: Object, arguments: [(inout GValue) -> Void], returnsBoolean: Bool = false) -> Bool? {
    let type = object.rawPointer.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    let id = g_signal_lookup(signal, type)
    precondition(id != 0, "no signal \(signal) on \(object.typeName)")
    var values = [GValue](repeating: GValue(), count: arguments.count + 1)
    g_value_init(&values[0], type)
    g_value_set_object(&values[0], object.rawPointer)
    for (index, setUp) in arguments.enumerated() { setUp(&values[index + 1]) }
    var result = GValue()
    if returnsBoolean { g_value_init(&result, gTypeBoolean) }
    values.withUnsafeMutableBufferPointer { buffer in
        if returnsBoolean {
            g_signal_emitv(buffer.baseAddress, id, 0, &result)
        } else {
            g_signal_emitv(buffer.baseAddress, id, 0, nil)
        }
    }
    for index in values.indices { g_value_unset(&values[index]) }
    return returnsBoolean ? g_value_get_boolean(&result) != 0 : nil
}

private func int(_ value: Int32) -> (inout GValue) -> Void {
    { g_value_init(&$0, gTypeInt); g_value_set_int(&$0, value) }
}
private func uint(_ value: UInt32) -> (inout GValue) -> Void {
    { g_value_init(&$0, gTypeUInt); g_value_set_uint(&$0, value) }
}
private func double(_ value: Double) -> (inout GValue) -> Void {
    { g_value_init(&$0, gTypeDouble); g_value_set_double(&$0, value) }
}
private func modifiers(_ value: GdkModifierType) -> (inout GValue) -> Void {
    { g_value_init(&$0, gdk_modifier_type_get_type()); g_value_set_flags(&$0, value.rawValue) }
}

@MainActor
private final class Received {
    var press: (count: Int, x: Double, y: Double)?
    var key: (keyval: UInt32, state: GdkModifierType)?
    var rows: [Int?] = []
    var activations = 0
    var commandLine: CommandLineInvocation?
}

final class TrampolineTests: GTKTestCase {
    /// The viewer's pinch zoom hears GtkGestureZoom's scale. (A real pinch needs a
    /// touchpad or touch screen, which Xvfb has not: the signal is emitted here.)
    func testZoomGestureDeliversTheScaleAndHasNoCentreWhenIdle() {
        onMain {
            let pinch = ZoomGesture()
            var scales: [Double] = []
            pinch.onScaleChanged { scales.append($0) }
            emit("scale-changed", on: pinch, arguments: [double(1.5)])
            emit("scale-changed", on: pinch, arguments: [double(0.75)])
            XCTAssertEqual(scales, [1.5, 0.75])
            XCTAssertNil(pinch.centre, "no touch points, no centre")
        }
    }

    func testPressedDeliversCountAndPosition() {
        onMain {
            let click = ClickGesture()
            let received = Received()
            click.onPressed { received.press = ($0, $1, $2) }
            emit("pressed", on: click, arguments: [int(2), double(12.5), double(-7.25)])
            XCTAssertEqual(received.press?.count, 2)
            XCTAssertEqual(received.press?.x, 12.5)
            XCTAssertEqual(received.press?.y, -7.25)
        }
    }

    func testKeyPressedDeliversKeyAndModifiersAndReturnsTheHandlersAnswer() {
        onMain {
            let keys = KeyController()
            let received = Received()
            keys.onKeyPressed { keyval, state in
                received.key = (keyval, state)
                return keyval == UInt32(GDK_KEY_Escape)
            }
            let escape = emit("key-pressed", on: keys,
                              arguments: [uint(UInt32(GDK_KEY_Escape)), uint(9), modifiers(GDK_CONTROL_MASK)],
                              returnsBoolean: true)
            XCTAssertEqual(escape, true, "the handler's true did not reach GTK")
            XCTAssertEqual(received.key?.keyval, UInt32(GDK_KEY_Escape))
            XCTAssertEqual(received.key?.state, GDK_CONTROL_MASK)
            let other = emit("key-pressed", on: keys, arguments: [uint(UInt32(GDK_KEY_a)), uint(38), modifiers(GdkModifierType(0))],
                             returnsBoolean: true)
            XCTAssertEqual(other, false, "the handler's false did not reach GTK")
        }
    }

    func testRowSelectedDeliversTheRowPointer() {
        onMain {
            let list = ListBox()
            let rows = [ListBoxRow(), ListBoxRow(), ListBoxRow()]
            rows.forEach(list.append)
            let received = Received()
            list.onRowSelected { received.rows.append($0) }
            list.select(rows[2])
            list.select(nil)
            XCTAssertEqual(received.rows, [2, nil])
        }
    }

    func testActionActivateRunsTheHandler() {
        onMain {
            let group = ActionGroup()
            let received = Received()
            let action = group.add("go") { received.activations += 1 }
            g_action_group_activate_action(group.actionGroup, "go", nil)
            g_action_activate(OpaquePointer(action.rawPointer), nil)
            XCTAssertEqual(received.activations, 2)
        }
    }

    func testCommandLineDeliversArgumentsAndReturnsTheExitStatus() {
        onMain {
            let app = Application(id: "app.drover.GtkKitTests.CommandLine\(getpid())",
                                  flags: GApplicationFlags(G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_NON_UNIQUE.rawValue))
            let received = Received()
            app.onCommandLine { invocation in
                received.commandLine = invocation
                return CommandLineResult(status: 3)
            }
            let status = app.run(arguments: ["drover", "--library", "/tmp/x", "photo.jpg"])
            XCTAssertEqual(status, 3, "the handler's exit status did not come back from run()")
            XCTAssertEqual(received.commandLine?.arguments, ["drover", "--library", "/tmp/x", "photo.jpg"])
            XCTAssertEqual(received.commandLine?.isRemote, false)
            XCTAssertNotNil(received.commandLine?.workingDirectory)
        }
    }
}
