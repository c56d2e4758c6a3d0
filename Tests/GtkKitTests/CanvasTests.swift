// Canvas: GTK's layout pass reaches the Swift layout, and `place` allocates
// children where the layout says, transforms included.
import XCTest
import CGtk
import GtkKit

/// Sizes the canvas at 300×200 (minimum 100×80) and places two children.
@MainActor
private final class RecordingLayout: CanvasLayout {
    let plain = Box(GTK_ORIENTATION_HORIZONTAL)
    let transformed = Box(GTK_ORIENTATION_HORIZONTAL)
    var measured: Set<UInt32> = []
    var allocations: [(width: Int32, height: Int32)] = []

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        measured.insert(orientation.rawValue)
        return orientation == GTK_ORIENTATION_HORIZONTAL ? (100, 300) : (80, 200)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        allocations.append((width, height))
        canvas.place(plain, x: 10, y: 20, width: 60, height: 40)
        canvas.place(transformed, x: 100, y: 50, width: 30, height: 30, translation: (5, 5), scale: 2)
    }
}

/// Where `child` ends up in `canvas`'s coordinates, transform included.
@MainActor
private func bounds(of child: Widget, in canvas: Canvas) -> graphene_rect_t? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(child.widget, canvas.widget, &rect) != 0 else { return nil }
    return rect
}

final class CanvasTests: GTKTestCase {
    func testLayoutIsMeasuredAndAllocatedAndPlacesChildren() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GRID, cssName: "test-canvas")
            let layout = RecordingLayout()
            canvas.addChild(layout.plain)
            canvas.addChild(layout.transformed)
            canvas.setLayout(layout)
            window.setChild(canvas)
            window.present()
            XCTAssertTrue(waitUntil { !layout.allocations.isEmpty && layout.plain.width > 0 }, "no layout pass reached the canvas")

            XCTAssertEqual(layout.measured, [GTK_ORIENTATION_HORIZONTAL.rawValue, GTK_ORIENTATION_VERTICAL.rawValue])
            let last = layout.allocations.last!
            XCTAssertEqual(last.width, canvas.width, "allocate got the canvas's width")
            XCTAssertEqual(last.height, canvas.height)
            XCTAssertEqual(canvas.width, 300, "the window took the layout's natural width")
            XCTAssertEqual(canvas.height, 200)

            XCTAssertEqual(layout.plain.width, 60)
            XCTAssertEqual(layout.plain.height, 40)
            let plain = bounds(of: layout.plain, in: canvas)
            XCTAssertEqual(plain?.origin.x, 10)
            XCTAssertEqual(plain?.origin.y, 20)

            // Translated by (105, 55), then scaled 2× about its 15×15 centre.
            XCTAssertEqual(layout.transformed.width, 30, "a transform does not change the allocation")
            let scaled = bounds(of: layout.transformed, in: canvas)
            XCTAssertEqual(scaled?.origin.x, 90)
            XCTAssertEqual(scaled?.origin.y, 40)
            XCTAssertEqual(scaled?.size.width, 60)
            XCTAssertEqual(scaled?.size.height, 60)
        }
    }

    func testSettingALayoutOnAShownCanvasLaysItOutAgain() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GENERIC, cssName: "test-canvas")
            window.setDefaultSize(width: 320, height: 240)
            window.setChild(canvas)
            window.present()
            XCTAssertTrue(waitUntil { canvas.width > 0 })
            let layout = RecordingLayout()
            canvas.addChild(layout.plain)
            canvas.addChild(layout.transformed)
            canvas.setLayout(layout)
            XCTAssertTrue(waitUntil { layout.plain.width == 60 }, "setLayout did not queue a resize")
            XCTAssertEqual(layout.allocations.last?.width, 320)
            XCTAssertEqual(layout.allocations.last?.height, 240)
        }
    }

    func testCanvasReleasesItsChildrenWhenFinalized() {
        onMain {
            var canvas: Canvas? = Canvas(role: GTK_ACCESSIBLE_ROLE_GENERIC, cssName: "test-canvas")
            let weakCanvas = WeakObjectReference(canvas!.rawPointer)
            var child: Label? = Label("tile")
            let weakChild = WeakObjectReference(child!.rawPointer)
            canvas?.addChild(child!)
            child = nil
            XCTAssertTrue(weakChild.isAlive, "the canvas keeps its children")
            canvas = nil
            XCTAssertTrue(waitUntil { !weakCanvas.isAlive })
            XCTAssertTrue(waitUntil { !weakChild.isAlive }, "a child outlived its canvas")
        }
    }

    func testCanvasWhoseLayoutIsGoneMeasuresEmpty() {
        onMain {
            let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GENERIC, cssName: "test-canvas")
            var layout: RecordingLayout? = RecordingLayout()
            canvas.setLayout(layout!)
            var minimum: Int32 = -1, natural: Int32 = -1
            gtk_widget_measure(canvas.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual(minimum, 100)
            XCTAssertEqual(natural, 300)
            layout = nil  // the canvas holds its layout weakly
            gtk_widget_queue_resize(canvas.widget)
            gtk_widget_measure(canvas.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual(minimum, 0)
            XCTAssertEqual(natural, 0)
        }
    }
}
