import CGtk

/// A stateful `GSimpleAction` whose state is one string among several: what a menu's radio
/// items name (`Menu.append(label, action: "group.name::value")`), the checked one being
/// the state.
@MainActor
public final class ChoiceAction: Object {
    public let name: String

    public init(_ name: String, initial: String) {
        self.name = name
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(initial))),
                   ownership: .take)
    }

    public var value: String {
        get {
            guard let state = g_action_get_state(OpaquePointer(rawPointer)) else { return "" }
            defer { g_variant_unref(state) }
            return String(cString: g_variant_get_string(state, nil))
        }
        set { g_simple_action_set_state(OpaquePointer(rawPointer), g_variant_new_string(newValue)) }
    }

    /// A choice was made (a radio item activated, or the action activated with a value):
    /// `handler` gets the value and decides; the state changes only if it sets `value`.
    @discardableResult
    public func onChange(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        let body: PointerHandler = { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        }
        return connectSignal("change-state", trampoline: gcallback(pointerTrampoline), body: body)
    }
}

extension ActionGroup {
    public func add(_ action: ChoiceAction) {
        g_action_map_add_action(actionGroup, OpaquePointer(action.rawPointer))
    }
}
