/// What every Drover animation becomes when the user asks for less motion (GNOME's
/// "Reduce Animation", GTK's `gtk-enable-animations` off): an instant change, with no
/// travel, no scaling and no pulsing. The app reads the setting (live, so switching it
/// takes effect at the next drag) and passes `reducesMotion`; the rules live here so that
/// every animation, pointer or keyboard, follows the same ones and tests can check them.
public enum MotionRules {
    /// The plan to play: `plan` itself, or its reduced form (`PreviewPlan.reduced`).
    public static func plan(_ plan: PreviewPlan, reducesMotion: Bool) -> PreviewPlan {
        reducesMotion ? plan.reduced : plan
    }

    /// How long a view transition of `seconds` lasts (tile slides, the gap opening, the
    /// location platter's fade-in): no time at all with reduced motion.
    public static func duration(_ seconds: Double, reducesMotion: Bool) -> Double {
        reducesMotion ? 0 : seconds
    }

    /// Whether tiles appearing in the grid grow in from a smaller scale.
    public static func growsNewTiles(reducesMotion: Bool) -> Bool { !reducesMotion }

    /// The flocking ring's drawn progress for a dwell at `progress` (0...1): the sweeping
    /// ring, or with reduced motion a still, whole ring for as long as the dwell lasts
    /// (the photo joining is announced, and the drag's count changes).
    public static func dwellRing(progress: Double, reducesMotion: Bool) -> Double {
        reducesMotion ? 1 : progress
    }

    /// The cancel animation for a drag of `itemCount` items: `CancelAnimation.forCancel`,
    /// or with reduced motion no slide at all (X11: the app skips GTK's slide-back and the
    /// tiles reappear in place at once; Wayland: the compositor, which follows the same
    /// desktop setting, decides, and the tiles settle at once).
    public static func cancel(compositorAnimates: Bool, itemCount: Int, reducesMotion: Bool) -> CancelAnimation {
        guard reducesMotion else { return .forCancel(compositorAnimates: compositorAnimates, itemCount: itemCount) }
        return compositorAnimates ? .compositorSlideBack(settleAfter: 0) : .instant
    }

    /// One frame of edge autoscroll: how far to scroll now, and the distance carried to
    /// the next frame. `distance` is what smooth scrolling would move this frame. With
    /// reduced motion the content does not glide: it jumps a whole row (`rowHeight`) once
    /// the distance owed reaches one, so it moves in discrete steps as paging does.
    public static func autoscrollStep(distance: Double, carried: Double, rowHeight: Double,
                                      reducesMotion: Bool) -> (scroll: Double, carried: Double) {
        guard reducesMotion, rowHeight > 0 else { return (distance, 0) }
        let owed = carried + distance
        guard abs(owed) >= rowHeight else { return (0, owed) }
        let step = owed > 0 ? rowHeight : -rowHeight
        return (step, 0)
    }
}

extension PreviewPlan {
    /// The plan with no motion: every item is at its final pose at once (no travel, no
    /// scale change, no fade), and the delete zone's icon does not pulse. Its duration is
    /// zero, so a player shows the end state at the first frame.
    public var reduced: PreviewPlan {
        PreviewPlan(tracks: tracks.map { PreviewTrack(from: $0.to, to: $0.to, duration: 0, easing: .linear) })
    }

    /// Whether playing the plan moves anything: a track whose ends differ, or an icon pulse.
    public var moves: Bool { iconScale != nil || tracks.contains { $0.duration > 0 && $0.from != $0.to } }
}
