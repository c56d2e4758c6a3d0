import Testing
@testable import DragKit

@Suite struct PreviewPlanTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func easingsStartAtZeroAndEndAtOne() {
        for easing in [Easing.linear, .easeOutCubic, .easeInCubic, .easeInOutCubic] {
            #expect(easing(0) == 0)
            #expect(easing(1) == 1)
            #expect(easing(-1) == 0)
            #expect(easing(2) == 1)
        }
        #expect(close(Easing.easeOutCubic(0.5), 0.875))
        #expect(close(Easing.easeInOutCubic(0.5), 0.5))
    }

    @Test func theDeleteZonePlanEndsAtTenPercentOnTheIconCentre() {
        let icon = Point(x: 40, y: 700)
        let plan = PreviewPlan.deleteZoneDrop(from: Point(x: 500, y: 300), previewSize: Size(width: 160, height: 120),
                                              itemCount: 2, iconCenter: icon)
        let start = plan.frames(at: 0)
        #expect(start.allSatisfy { $0.center == Point(x: 500, y: 300) && $0.scale == 1 })
        let end = plan.frames(at: plan.duration)
        #expect(end.count == 2)
        for frame in end {
            #expect(frame.center == icon)
            #expect(close(frame.scale, 0.1))
            #expect(frame.visibleRect.center == icon)
            #expect(close(frame.visibleRect.width, 16))
        }
        let midway = plan.frames(at: plan.duration / 2)[0]
        #expect(midway.scale < 1 && midway.scale > 0.1)
    }

    @Test func theTrashIconSwellsAndSettles() {
        let plan = PreviewPlan.deleteZoneDrop(from: .zero, previewSize: Size(width: 10, height: 10),
                                              itemCount: 1, iconCenter: Point(x: 1, y: 1))
        #expect(plan.iconScale(at: 0) == 1)
        #expect(close(plan.iconScale(at: plan.duration / 2), 1.25))
        #expect(plan.iconScale(at: plan.duration) == 1)
        let rising = plan.iconScale(at: plan.duration / 4)
        #expect(rising > 1 && rising < 1.25)
        #expect(PreviewPlan.lift(from: [], to: []).iconScale(at: 0.1) == 1)
    }

    @Test func liftingRisesFromTheVisibleShapeToTheRoundedPreview() {
        let photo = RoundedRect(Rect(x: 10, y: 30, width: 100, height: 60), cornerRadius: 0)
        let preview = Rect(x: 0, y: 0, width: 150, height: 90)
        let plan = PreviewPlan.lift(from: [photo], to: [preview], cornerRadius: 12, duration: 0.25)
        #expect(plan.frames(at: 0) == [PreviewFrame(photo)])
        let end = plan.frames(at: 0.25)[0]
        #expect(end.visibleRect == preview)
        #expect(end.cornerRadius == 12)
        // Ease-out: most of the way there at half time.
        let half = plan.frames(at: 0.125)[0]
        #expect(close(half.size.width, 100 + 50 * 0.875))
        #expect(plan.frames(at: 10) == plan.frames(at: 0.25))
    }

    @Test func cancellingFliesEachItemBackToItsOwnPlace() {
        let origins = [RoundedRect(Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 4),
                       RoundedRect(Rect(x: 900, y: 600, width: 50, height: 50), cornerRadius: 4)]
        let plan = PreviewPlan.cancel(from: Point(x: 300, y: 300), previewSize: Size(width: 80, height: 80),
                                      backTo: origins)
        #expect(plan.frames(at: 0).allSatisfy { $0.center == Point(x: 300, y: 300) })
        let end = plan.frames(at: plan.duration)
        #expect(end.map(\.visibleRect) == origins.map(\.rect))
        #expect(end.map(\.cornerRadius) == [4, 4])
        // The farther item takes longer.
        #expect(plan.tracks[1].duration > plan.tracks[0].duration)
        #expect(plan.duration == plan.tracks[1].duration)
    }

    @Test func aDropOnAPlaceholderLandsInTheNewCell() {
        let grid = GridGeometry(width: 340, cellSize: Size(width: 100, height: 80), spacing: 10, padding: 10)
        let cells = [grid.frame(at: 2), grid.frame(at: 3)]
        let plan = PreviewPlan.placeholderDrop(from: Point(x: 200, y: 400), previewSize: Size(width: 60, height: 60),
                                               into: cells, cellCornerRadius: 6)
        #expect(plan.frames(at: 0).allSatisfy { $0.center == Point(x: 200, y: 400) })
        #expect(plan.frames(at: plan.duration).map(\.visibleRect) == cells)
    }

    @Test func roundedCornersNeverExceedHalfTheShortSide() {
        #expect(RoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50).cornerRadius == 5)
        #expect(RoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: -3).cornerRadius == 0)
    }
}
