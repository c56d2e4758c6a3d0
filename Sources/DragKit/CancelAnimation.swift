/// Who animates a cancelled drag back, and so what the app draws: one coherent animation
/// on every platform, never two on top of each other.
///
/// - On X11 GTK slides the drag icon back to where the drag began (500 ms), and skips that
///   when the app's `drag-cancel` handler returns true. One photo keeps GTK's slide; several
///   fly back each to its own place along `PreviewPlan.cancel`, drawn by the app.
/// - On Wayland the compositor animates a cancelled drag (mutter slides the icon back to
///   where the drag began and fades it out), and nothing the app returns stops that. An app
///   fly-back on top of it would play a second animation, so the app draws none: the lifted
///   tiles stay faded while the compositor's icon travels back, then settle (fade back in)
///   as it lands, the icon fading out as they fade in.
public enum CancelAnimation: Equatable, Sendable {
    /// The toolkit's own slide-back: the app draws nothing and lets it play.
    case toolkitSlideBack
    /// The app flies each item back to its own place (and skips the toolkit's slide-back).
    case perItemFlyBack
    /// The compositor slides the icon back: the app keeps the lifted tiles faded for
    /// `settleAfter` seconds (the compositor's animation), then lets them settle.
    case compositorSlideBack(settleAfter: Double)
    /// Reduced motion on X11: nothing slides; the app skips the toolkit's slide-back and the
    /// tiles reappear in place at once (`MotionRules.cancel`).
    case instant

    /// mutter 43's slide-back of a cancelled drag icon (`DRAG_FAILED_DURATION`, 500 ms).
    public static let compositorSlideBackDuration = 0.5
    /// How long a settling tile takes to fade back in (the tiles' CSS opacity transition).
    public static let settleFadeDuration = 0.2

    /// The animation for a drag of `itemCount` items cancelled on a platform whose
    /// compositor does (Wayland) or does not (X11) animate cancelled drags itself.
    public static func forCancel(compositorAnimates: Bool, itemCount: Int) -> CancelAnimation {
        if compositorAnimates {
            // The tiles' fade-in ends as the icon lands: one cross-fade, no gap between the two.
            return .compositorSlideBack(settleAfter: compositorSlideBackDuration - settleFadeDuration)
        }
        return itemCount > 1 ? .perItemFlyBack : .toolkitSlideBack
    }

    /// What the app returns from GTK's `drag-cancel`: true when it draws its own fly-back
    /// (which skips GTK's slide-back on X11; on Wayland the return value changes nothing).
    public var appDrawsFlyBack: Bool { self == .perItemFlyBack }

    /// What the app returns from GTK's `drag-cancel`: true to skip the toolkit's own
    /// slide-back on X11 (the app flies items back itself, or nothing moves at all).
    public var skipsToolkitSlideBack: Bool { self == .perItemFlyBack || self == .instant }
}
