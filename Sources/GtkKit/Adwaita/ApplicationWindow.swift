import CAdwaita
import CGtk

/// An `AdwApplicationWindow`: a window without a separate title bar, whose content
/// holds its own header bar (so the header can fold with the content). Use
/// `setContent`, not `setChild`: libadwaita refuses a plain child.
@MainActor
public final class ApplicationWindow: Window {
    public init(application: Application) {
        super.init(borrowing: adw_application_window_new(application.application))
    }
    public func setContent(_ content: Widget?) {
        adw_application_window_set_content(pointer(), content?.widget)
    }
}

/// An `AdwHeaderBar`: GNOME's title bar, with the window buttons placed by the desktop's
/// layout.
@MainActor
public final class HeaderBar: Widget {
    public init() { super.init(adw_header_bar_new()) }
    private var bar: OpaquePointer { OpaquePointer(rawPointer) }
    public func packStart(_ child: Widget) { adw_header_bar_pack_start(bar, child.widget) }
    public func packEnd(_ child: Widget) { adw_header_bar_pack_end(bar, child.widget) }
    public func setTitleWidget(_ child: Widget?) { adw_header_bar_set_title_widget(bar, child?.widget) }
}
