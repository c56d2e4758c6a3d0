import CAdwaita
import CGtk

/// An `AdwFlap` used as a drawer: always folded, its flap (when it has one) slides in over
/// the content and a click on the dimmed content, Escape or a swipe puts it away.
@MainActor
public final class DrawerFlap: Widget {
    public init() { super.init(drover_drawer_flap_new()) }
    private var flap: OpaquePointer { OpaquePointer(rawPointer) }

    public func setContent(_ content: Widget?) { adw_flap_set_content(flap, content?.widget) }
    /// The widget that slides in; nil leaves the drawer empty (nothing to reveal).
    public func setFlap(_ child: Widget?) { adw_flap_set_flap(flap, child?.widget) }
    public var isRevealed: Bool {
        get { adw_flap_get_reveal_flap(flap) != 0 }
        set { adw_flap_set_reveal_flap(flap, newValue ? 1 : 0) }
    }
    /// The drawer opened or closed (AdwFlap's `notify::reveal-flap`), by code or by the user.
    @discardableResult
    public func onRevealChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("notify::reveal-flap", trampoline: gcallback(pointerTrampoline), body: body)
    }
}
