import Testing
@testable import DragKit

/// One coherent cancel animation per platform (issue 15): on Wayland the compositor's
/// slide-back is the only one, whatever the count; on X11 one photo keeps GTK's slide and
/// several fly back each to its place.
@Suite struct CancelAnimationTests {
    @Test func onX11OnePhotoSlidesBackWithTheToolkit() {
        let animation = CancelAnimation.forCancel(compositorAnimates: false, itemCount: 1)
        #expect(animation == .toolkitSlideBack)
        #expect(!animation.appDrawsFlyBack)
    }

    @Test func onX11SeveralPhotosFlyBackEachToItsPlace() {
        let animation = CancelAnimation.forCancel(compositorAnimates: false, itemCount: 3)
        #expect(animation == .perItemFlyBack)
        #expect(animation.appDrawsFlyBack)
    }

    @Test(arguments: [1, 2, 7])
    func onWaylandTheCompositorsSlideIsTheOnlyAnimation(_ count: Int) {
        let animation = CancelAnimation.forCancel(compositorAnimates: true, itemCount: count)
        guard case .compositorSlideBack(let settleAfter) = animation else {
            Issue.record("on Wayland the app must leave the cancel to the compositor, got \(animation)")
            return
        }
        // The tiles have faded back in exactly when the compositor's icon lands.
        #expect(settleAfter + CancelAnimation.settleFadeDuration == CancelAnimation.compositorSlideBackDuration)
        #expect(!animation.appDrawsFlyBack, "a fly-back drawn by the app would be a second animation")
    }
}
