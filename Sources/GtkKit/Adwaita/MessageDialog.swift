import CAdwaita
import CGtk

/// An `AdwMessageDialog`: a question with a heading, a body and response buttons, modal
/// to its parent. Escape and the window's close give the close response.
@MainActor
public final class MessageDialog: Window {
    public enum Appearance {
        case plain, suggested, destructive
        var adw: AdwResponseAppearance {
            switch self {
            case .plain: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    public init(parent: Window?, heading: String, body: String) {
        super.init(borrowing: drover_message_dialog_new(parent?.window, heading, body))
    }
    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { pointer() }

    public var heading: String { adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? "" }
    public var body: String { adw_message_dialog_get_body(dialog).map { String(cString: $0) } ?? "" }

    /// Adds a response button with the id `id`; the label may carry a mnemonic underscore.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .plain) {
        adw_message_dialog_add_response(dialog, id, label)
        adw_message_dialog_set_response_appearance(dialog, id, appearance.adw)
    }
    /// The response Enter gives, and the one Escape or closing gives.
    public func setResponses(default defaultID: String?, close closeID: String) {
        adw_message_dialog_set_default_response(dialog, defaultID)
        adw_message_dialog_set_close_response(dialog, closeID)
    }
    public override func present() {
        MnemonicButtonNames.fix(under: widget)
        super.present()
    }

    /// Answers as if the user pressed the response's button.
    public func respond(_ id: String) { adw_message_dialog_response(dialog, id) }

    /// Hears the chosen response's id once; the dialog closes itself afterwards.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        let body: PointerHandler = { response in
            handler(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        }
        return connectSignal("response", trampoline: gcallback(pointerTrampoline), body: body)
    }
}
