import DragKit
import Foundation
import GtkKit

/// Reduced motion, as Drover applies it: GNOME's "Reduce Animation" reaches GTK as
/// `gtk-enable-animations`, which this reads live at every animation (so switching it while
/// Drover runs takes effect at the next drag). What each animation becomes is DragKit's
/// rule (`MotionRules`); GTK's own widgets and Drover's CSS transitions follow the setting
/// by themselves.
///
/// With `DROVER_DEBUG_MOTION=1` every animation started writes one line to standard error
/// (`drover-motion: plan=cancel reduced=true duration=0.000 …`): the end-to-end tests
/// read it to prove which plans played.
@MainActor
enum Motion {
    private static var connection: SignalConnection?
    private static let logs = ProcessInfo.processInfo.environment["DROVER_DEBUG_MOTION"] == "1"

    /// Whether the user asked for less motion, now.
    static var reduces: Bool { !Settings.enablesAnimations }

    /// Watches the setting (for the log; every use reads it afresh).
    static func start() {
        guard connection == nil else { return }
        connection = Settings.onEnablesAnimationsChanged { enabled in log("setting enable-animations=\(enabled)") }
        log("start reduced=\(reduces)")
    }

    /// The plan to play for `plan` (named in the log): itself, or its reduced form.
    static func plan(_ plan: PreviewPlan, named name: String) -> PreviewPlan {
        let reduced = reduces
        let played = MotionRules.plan(plan, reducesMotion: reduced)
        log("plan=\(name) reduced=\(reduced) duration=\(String(format: "%.3f", played.duration)) "
            + "tracks=\(played.tracks.count) pulse=\(played.iconScale != nil)")
        return played
    }

    /// A view transition of `seconds` (named in the log): its duration now.
    static func duration(_ seconds: Double, named name: String) -> Double {
        let reduced = reduces
        let duration = MotionRules.duration(seconds, reducesMotion: reduced)
        log("transition=\(name) reduced=\(reduced) duration=\(String(format: "%.3f", duration))")
        return duration
    }

    static func log(_ text: String) {
        guard logs else { return }
        FileHandle.standardError.write(Data("drover-motion: \(text)\n".utf8))
    }
}
