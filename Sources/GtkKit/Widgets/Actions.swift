import CGtk

/// A `GSimpleAction` without a parameter. Actions inserted on a widget appear
/// over AT-SPI as that widget's actions, which is how assistive technology
/// (and the end-to-end tests) run them.
@MainActor
public final class Action: Object {
    public let name: String
    public init(_ name: String) {
        self.name = name
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil)), ownership: .take)
    }
    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(rawPointer)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(rawPointer), newValue ? 1 : 0) }
    }
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        // "activate" passes a GVariant parameter (always NULL here).
        let body: PointerHandler = { _ in handler() }
        return connectSignal("activate", trampoline: gcallback(pointerTrampoline), body: body)
    }
}

/// A `GSimpleActionGroup`.
@MainActor
public final class ActionGroup: Object {
    public init() { super.init(UnsafeMutableRawPointer(g_simple_action_group_new()), ownership: .take) }
    public var actionGroup: OpaquePointer { OpaquePointer(rawPointer) }
    public func add(_ action: Action) { g_action_map_add_action(OpaquePointer(rawPointer), OpaquePointer(action.rawPointer)) }

    /// Adds an action named `name` that runs `handler`, and returns it.
    @discardableResult
    public func add(_ name: String, _ handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name)
        action.onActivate(handler)
        add(action)
        return action
    }
}
