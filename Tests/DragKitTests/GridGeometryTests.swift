import Testing
import PropertyBased
@testable import DragKit

@Suite struct GridGeometryTests {
    // 3 columns: 10 + 3·100 + 2·10 + 10 = 340 wide.
    let grid = GridGeometry(width: 340, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10)

    @Test func columnsFitBetweenThePaddings() {
        #expect(grid.columns == 3)
        #expect(GridGeometry(width: 339, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10).columns == 2)
        #expect(GridGeometry(width: 5, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10).columns == 1)
    }

    @Test func changingAnInputRecomputesTheColumns() {
        var geometry = grid
        geometry.padding = 30
        #expect(geometry.columns == 2)
        geometry.resize(toWidth: 1000)
        #expect(geometry.columns == 8)
    }

    @Test func framesFollowPaddingAndSpacing() {
        #expect(grid.frame(at: 0) == Rect(x: 10, y: 10, width: 100, height: 80))
        #expect(grid.frame(at: 2) == Rect(x: 230, y: 10, width: 100, height: 80))
        #expect(grid.frame(at: 4) == Rect(x: 120, y: 100, width: 100, height: 80))
        #expect(grid.contentHeight(for: 0) == 20)
        #expect(grid.contentHeight(for: 7) == 10 + 3 * 90 - 10 + 10)
    }

    @Test func theCellUnderAPoint() {
        #expect(grid.index(at: Point(x: 15, y: 15), count: 7) == 0)
        #expect(grid.index(at: Point(x: 115, y: 15), count: 7) == nil)  // in the spacing
        #expect(grid.index(at: Point(x: 5, y: 15), count: 7) == nil)    // in the padding
        #expect(grid.index(at: Point(x: 125, y: 195), count: 7) == nil) // past the last cell
        #expect(grid.index(at: Point(x: 15, y: 195), count: 7) == 6)
    }

    @Test func insertionFollowsTheMidpointRule() {
        #expect(grid.insertionIndex(at: Point(x: 59, y: 50), count: 7) == 0)  // leading half of 0
        #expect(grid.insertionIndex(at: Point(x: 60, y: 50), count: 7) == 1)  // trailing half of 0
        #expect(grid.insertionIndex(at: Point(x: 335, y: 50), count: 7) == 3) // right padding
        #expect(grid.insertionIndex(at: Point(x: 0, y: 110), count: 7) == 3)  // left padding, row 1
    }

    @Test func insertionAtTheEndIsTheCount() {
        // Last partial row: cell 6 alone in row 2.
        #expect(grid.insertionIndex(at: Point(x: 100, y: 200), count: 7) == 7)
        #expect(grid.insertionIndex(at: Point(x: 300, y: 200), count: 7) == 7)
        #expect(grid.insertionIndex(at: Point(x: 50, y: 5000), count: 7) == 7)
        #expect(grid.insertionIndex(at: Point(x: 50, y: 50), count: 0) == 0)
    }

    @Test func bandsIncludeExactlyTheRowsTheyTouch() {
        // Rows span y 10..<90, 100..<180, 190..<270.
        #expect(grid.indices(inBandFrom: 0, to: 10, count: 9) == 0..<0)
        #expect(grid.indices(inBandFrom: 0, to: 11, count: 9) == 0..<3)
        #expect(grid.indices(inBandFrom: 90, to: 100, count: 9) == 0..<0)  // spacing only
        #expect(grid.indices(inBandFrom: 89, to: 101, count: 9) == 0..<6)
        #expect(grid.indices(inBandFrom: 150, to: 5000, count: 8) == 3..<8)
    }

    @Test func geometryAgreesWithBruteForce() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...40), Gen.int(in: 150...700),
                            Gen.int(in: 0...20), Gen.int(in: -50...600), Gen.int(in: 1...300)) {
            count, width, spacing, top, height in
            let geometry = GridGeometry(width: Double(width), cellSize: Size(width: 64, height: 48),
                                        spacing: Double(spacing), padding: 6)
            for index in 0..<count {
                let frame = geometry.frame(at: index)
                #expect(geometry.index(at: frame.center, count: count) == index)
                let leading = Point(x: frame.minX + 1, y: frame.center.y)
                let trailing = Point(x: frame.maxX - 1, y: frame.center.y)
                #expect(geometry.insertionIndex(at: leading, count: count) == index)
                #expect(geometry.insertionIndex(at: trailing, count: count) == index + 1)
            }
            let band = (minY: Double(top), maxY: Double(top + height))
            let expected = (0..<count).filter {
                let frame = geometry.frame(at: $0)
                return frame.minY < band.maxY && frame.maxY > band.minY
            }
            let range = geometry.indices(inBandFrom: band.minY, to: band.maxY, count: count)
            #expect(Array(range) == expected)
        }
    }

    // Right to left: the same grid mirrored about x = 170 (the middle of 340).
    let mirrored = GridGeometry(width: 340, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10,
                                direction: .rightToLeft)

    @Test func rightToLeftTheFirstCellIsAtTheRight() {
        #expect(mirrored.frame(at: 0) == Rect(x: 230, y: 10, width: 100, height: 80))
        #expect(mirrored.frame(at: 2) == Rect(x: 10, y: 10, width: 100, height: 80))
        #expect(mirrored.frame(at: 3) == Rect(x: 230, y: 100, width: 100, height: 80))
        #expect(mirrored.index(at: Point(x: 325, y: 15), count: 7) == 0)
        #expect(mirrored.index(at: Point(x: 15, y: 15), count: 7) == 2)
        #expect(mirrored.index(at: Point(x: 335, y: 15), count: 7) == nil)  // in the padding
        #expect(mirrored.index(at: Point(x: 15, y: 195), count: 7) == nil)  // left of the last cell, at the right
        #expect(mirrored.index(at: Point(x: 325, y: 195), count: 7) == 6)
    }

    @Test func rightToLeftTheLeadingHalfIsTheRightHalf() {
        #expect(mirrored.insertionIndex(at: Point(x: 300, y: 50), count: 7) == 0)  // right half of 0: before it
        #expect(mirrored.insertionIndex(at: Point(x: 260, y: 50), count: 7) == 1)  // left half of 0: after it
        #expect(mirrored.insertionIndex(at: Point(x: 5, y: 50), count: 7) == 3)    // left padding: row's end
        #expect(mirrored.insertionIndex(at: Point(x: 339, y: 110), count: 7) == 3) // right padding, row 1: its start
        #expect(mirrored.restingTile(at: Point(x: 280, y: 50), count: 7) == 0)
        #expect(mirrored.restingTile(at: Point(x: 235, y: 50), count: 7) == nil)   // near the edge: insert, not rest
    }

    @Test func arrowsFollowTheVisualDirection() {
        #expect(LayoutDirection.leftToRight.indexStep(rightArrow: true) == 1)
        #expect(LayoutDirection.leftToRight.indexStep(rightArrow: false) == -1)
        #expect(LayoutDirection.rightToLeft.indexStep(rightArrow: true) == -1)
        #expect(LayoutDirection.rightToLeft.indexStep(rightArrow: false) == 1)
    }

    @Test func bothDirectionsAgreeWithBruteForceAndMirrorEachOther() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...40), Gen.int(in: 150...700), Gen.int(in: 0...20)) {
            count, width, spacing in
            let ltr = GridGeometry(width: Double(width), cellSize: Size(width: 64, height: 48),
                                   spacing: Double(spacing), padding: 6)
            var rtl = ltr
            rtl.direction = .rightToLeft
            for index in 0..<count {
                let left = ltr.frame(at: index), right = rtl.frame(at: index)
                #expect(right.minX == Double(width) - left.maxX && right.minY == left.minY)
                #expect(rtl.index(at: right.center, count: count) == index)
                // Leading is the right edge right to left.
                #expect(rtl.insertionIndex(at: Point(x: right.maxX - 1, y: right.center.y), count: count) == index)
                #expect(rtl.insertionIndex(at: Point(x: right.minX + 1, y: right.center.y), count: count) == index + 1)
            }
        }
    }
}
