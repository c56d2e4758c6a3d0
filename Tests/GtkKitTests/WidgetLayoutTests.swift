// Wrappers that need a laid-out window: rows found by position, the drop
// highlight, bounds between widgets, sibling order, and drawing with cairo.
import XCTest
import CGtk
import GtkKit

/// A list of three 30-point rows in a presented window.
@MainActor
private final class ListInWindow {
    let window = Window()
    let list = ListBox()
    let rows = (0..<3).map { _ in ListBoxRow() }

    init() {
        for row in rows {
            row.setSizeRequest(height: 30)
            list.append(row)
        }
        window.setChild(list)
        window.present()
    }
}

@MainActor
private func isDropActive(_ widget: Widget) -> Bool {
    gtk_widget_get_state_flags(widget.widget).rawValue & GTK_STATE_FLAG_DROP_ACTIVE.rawValue != 0
}

/// The canvas's children, first to last.
@MainActor
private func childOrder(of canvas: Canvas) -> [UnsafeMutablePointer<GtkWidget>?] {
    var result: [UnsafeMutablePointer<GtkWidget>?] = []
    var child = gtk_widget_get_first_child(canvas.widget)
    while let current = child {
        result.append(current)
        child = gtk_widget_get_next_sibling(current)
    }
    return result
}

final class WidgetLayoutTests: GTKTestCase {
    func testRowIndexAtYFindsTheRowUnderThatPoint() {
        onMain {
            let view = ListInWindow()
            defer { view.window.destroy() }
            XCTAssertTrue(waitUntil { view.rows[2].height > 0 }, "the list was never laid out")
            let second = try! XCTUnwrap(view.rows[1].bounds(in: view.list))
            XCTAssertEqual(view.list.rowIndex(atY: second.y + 1), 1)
            XCTAssertEqual(view.list.rowIndex(atY: second.y + second.height - 1), 1)
            XCTAssertEqual(view.list.rowIndex(atY: 1), 0)
            XCTAssertNil(view.list.rowIndex(atY: 10_000), "no row below the last one")
        }
    }

    func testDragHighlightMarksOneRowAndNilClearsIt() {
        onMain {
            let view = ListInWindow()
            defer { view.window.destroy() }
            view.list.dragHighlight(view.rows[1])
            XCTAssertEqual(view.rows.map(isDropActive), [false, true, false])
            view.list.dragHighlight(view.rows[2])
            XCTAssertEqual(view.rows.map(isDropActive), [false, false, true], "the highlight moves, it does not add")
            view.list.dragHighlight(nil)
            XCTAssertEqual(view.rows.map(isDropActive), [false, false, false])
        }
    }

    func testBoundsInAnotherWidgetAreNilWithoutACommonAncestor() {
        onMain {
            let view = ListInWindow()
            defer { view.window.destroy() }
            XCTAssertTrue(waitUntil { view.rows[2].height > 0 })
            let first = try! XCTUnwrap(view.rows[0].bounds(in: view.list))
            let third = try! XCTUnwrap(view.rows[2].bounds(in: view.list))
            // Bounds are the border box; `height` is the content box, inside the row's padding.
            XCTAssertGreaterThanOrEqual(first.height, 30, "the row's size request")
            XCTAssertGreaterThanOrEqual(first.height, Double(view.rows[0].height))
            XCTAssertGreaterThan(third.y, first.y + first.height, "rows are stacked down the list")
            XCTAssertNil(view.rows[0].bounds(in: Box(GTK_ORIENTATION_VERTICAL)), "an unrelated widget has no common frame")
        }
    }

    func testKeepChildMovesAChildAfterAnotherOnlyWhenNeeded() {
        onMain {
            let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_GRID, cssName: "order-canvas")
            let a = Box(GTK_ORIENTATION_VERTICAL), b = Box(GTK_ORIENTATION_VERTICAL), c = Box(GTK_ORIENTATION_VERTICAL)
            for child in [a, b, c] { canvas.addChild(child) }
            XCTAssertEqual(childOrder(of: canvas), [a.widget, b.widget, c.widget])
            canvas.keepChild(c, after: nil)
            XCTAssertEqual(childOrder(of: canvas), [c.widget, a.widget, b.widget], "nil moves the child to the front")
            canvas.keepChild(b, after: c)
            XCTAssertEqual(childOrder(of: canvas), [c.widget, b.widget, a.widget])
            canvas.keepChild(b, after: c)
            XCTAssertEqual(childOrder(of: canvas), [c.widget, b.widget, a.widget], "a child already in place stays")
            for child in [a, b, c] { canvas.removeChild(child) }
        }
    }

    func testDrawingAreaDrawsWithACairoContext() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let area = DrawingArea()
            area.setSizeRequest(width: 40, height: 40)
            let drawn = Counter()
            area.setDraw { cairo, width, height in
                cairo.setLineWidth(4)
                cairo.setSource(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.5)
                cairo.arc(centreX: Double(width) / 2, centreY: Double(height) / 2, radius: 10, from: 0, to: .pi)
                cairo.stroke()
                drawn.increment()
            }
            window.setChild(area)
            window.present()
            XCTAssertTrue(waitUntil { drawn.value > 0 }, "the draw function never ran")
        }
    }
}
