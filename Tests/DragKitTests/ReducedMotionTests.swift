import Testing
@testable import DragKit

/// Reduced motion (issue 28): with GNOME's "Reduce Animation" on, every preview plan is an
/// instant change (no travel, scale or pulse), and the other animations follow DragKit's rules.
@Suite struct ReducedMotionTests {
    let pointer = Point(x: 600, y: 300)
    let preview = Size(width: 92, height: 92)
    let origins = [RoundedRect(Rect(x: 10, y: 10, width: 150, height: 150), cornerRadius: 12),
                   RoundedRect(Rect(x: 170, y: 10, width: 150, height: 150), cornerRadius: 12),
                   RoundedRect(Rect(x: 900, y: 700, width: 150, height: 150), cornerRadius: 12)]

    var fullPlans: [(String, PreviewPlan)] {
        [("lift", .lift(from: origins, to: origins.map { _ in Rect(center: pointer, size: preview) })),
         ("cancel", .cancel(from: pointer, previewSize: preview, backTo: origins)),
         ("delete", .deleteZoneDrop(from: pointer, previewSize: preview, itemCount: 3, iconCenter: Point(x: 30, y: 990))),
         ("placeholder", .placeholderDrop(from: pointer, previewSize: preview, into: origins.map(\.rect)))]
    }

    @Test func withFullMotionThePlansPlayAsBefore() {
        for (name, plan) in fullPlans {
            let played = MotionRules.plan(plan, reducesMotion: false)
            #expect(played == plan, "\(name)")
            #expect(played.duration > 0.2, "\(name)")
            #expect(played.moves, "\(name)")
        }
    }

    @Test func reducedPlansTakeNoTimeAndMoveNothing() {
        for (name, plan) in fullPlans {
            let reduced = MotionRules.plan(plan, reducesMotion: true)
            #expect(reduced.duration == 0, "\(name)")
            #expect(!reduced.moves, "\(name)")
            #expect(reduced.iconScale == nil, "\(name): the trash icon must not pulse")
            #expect(reduced.tracks.count == plan.tracks.count, "\(name): one track per item still")
            // Every instant shows the end state: no intermediate frame exists.
            let end = plan.tracks.map(\.to)
            for time in [0.0, 0.01, 0.1, 1] {
                #expect(reduced.frames(at: time) == end, "\(name) at \(time)")
                #expect(reduced.iconScale(at: time) == 1, "\(name) at \(time)")
            }
        }
    }

    @Test func reducedCancelSkipsTheToolkitSlideOnX11AndSettlesAtOnceOnWayland() {
        for count in [1, 3] {
            let x11 = MotionRules.cancel(compositorAnimates: false, itemCount: count, reducesMotion: true)
            #expect(x11 == .instant)
            #expect(x11.skipsToolkitSlideBack, "GTK's 500 ms slide-back must not play")
            #expect(!x11.appDrawsFlyBack)
            #expect(MotionRules.cancel(compositorAnimates: true, itemCount: count, reducesMotion: true)
                    == .compositorSlideBack(settleAfter: 0))
        }
        #expect(MotionRules.cancel(compositorAnimates: false, itemCount: 1, reducesMotion: false) == .toolkitSlideBack)
        #expect(MotionRules.cancel(compositorAnimates: false, itemCount: 3, reducesMotion: false) == .perItemFlyBack)
    }

    @Test func viewTransitionsAndTheRingStandStill() {
        #expect(MotionRules.duration(0.22, reducesMotion: true) == 0)
        #expect(MotionRules.duration(0.22, reducesMotion: false) == 0.22)
        #expect(!MotionRules.growsNewTiles(reducesMotion: true))
        #expect(MotionRules.growsNewTiles(reducesMotion: false))
        for progress in [0.0, 0.3, 0.99] {
            #expect(MotionRules.dwellRing(progress: progress, reducesMotion: true) == 1)
            #expect(MotionRules.dwellRing(progress: progress, reducesMotion: false) == progress)
        }
    }

    @Test func reducedAutoscrollJumpsWholeRowsInsteadOfGliding() {
        // Smooth: every frame's distance as it comes.
        #expect(MotionRules.autoscrollStep(distance: 7, carried: 0, rowHeight: 180, reducesMotion: false) == (7, 0))
        // Reduced: nothing until a row is owed, then exactly one row, either way.
        var carried = 0.0, scrolled: [Double] = []
        for _ in 0..<60 {
            let step = MotionRules.autoscrollStep(distance: 11, carried: carried, rowHeight: 180, reducesMotion: true)
            carried = step.carried
            if step.scroll != 0 { scrolled.append(step.scroll) }
        }
        #expect(scrolled == [180, 180, 180])
        #expect(MotionRules.autoscrollStep(distance: -100, carried: -90, rowHeight: 180, reducesMotion: true) == (-180, 0))
    }
}
