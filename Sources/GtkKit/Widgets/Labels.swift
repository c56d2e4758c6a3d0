import CDrover
import CGtk

/// A `GtkLabel`.
@MainActor
public final class Label: Widget {
    public init(_ text: String = "") { super.init(gtk_label_new(text)) }
    private var label: OpaquePointer { OpaquePointer(rawPointer) }
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }
    public func setEllipsizes(_ on: Bool) {
        gtk_label_set_ellipsize(label, on ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE)
    }
    /// Wraps at word boundaries; with `insideWords`, a word too long for a line breaks too.
    /// With `onlyWhenNarrow`, the label asks for one line (its natural size is the text
    /// unwrapped) and wraps only when given less: otherwise a row that is taller than one
    /// line (a minimum height) gets the label wrapped into it however wide the row.
    public func setWraps(_ on: Bool, insideWords: Bool = false, onlyWhenNarrow: Bool = false) {
        gtk_label_set_wrap(label, on ? 1 : 0)
        gtk_label_set_wrap_mode(label, insideWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        gtk_label_set_natural_wrap_mode(label, onlyWhenNarrow ? GTK_NATURAL_WRAP_NONE : GTK_NATURAL_WRAP_INHERIT)
    }
    /// With ellipsizing and wrapping on, at most this many lines show (-1: no limit).
    public var maximumLines: Int32 {
        get { gtk_label_get_lines(label) }
        set { gtk_label_set_lines(label, newValue) }
    }
    public var xAlign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }
    public func setJustification(_ justification: GtkJustification) { gtk_label_set_justify(label, justification) }
    /// The width it asks for at least, and the most it wants before wrapping, in characters.
    public func setWidthInCharacters(minimum: Int32, maximum: Int32) {
        gtk_label_set_width_chars(label, minimum)
        gtk_label_set_max_width_chars(label, maximum)
    }
}

/// A `GtkImage` showing a themed icon. Icons beside text are decorative, so
/// they get the presentation role and stay out of the accessible tree's way.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int32 = 16) {
        super.init(drover_widget_new_with_role(gtk_image_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION))
        gtk_image_set_from_icon_name(OpaquePointer(rawPointer), iconName)
        gtk_image_set_pixel_size(OpaquePointer(rawPointer), pixelSize)
    }
    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(OpaquePointer(rawPointer), name) }
}

/// A `GtkPicture` showing a texture, scaled to fit or cover.
@MainActor
public final class Picture: Widget {
    public init() {
        super.init(drover_widget_new_with_role(gtk_picture_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION))
    }
    private var picture: OpaquePointer { OpaquePointer(rawPointer) }
    public func setTexture(_ texture: Texture?) { gtk_picture_set_paintable(picture, texture?.paintable) }
    /// Shows `texture` scaled to the picture's size once, then drawn one to one at every
    /// frame (`DroverDrawnOncePaintable`): for pictures redrawn often at one size, such as a
    /// scrolling grid's thumbnails. The scaled copy costs the drawn size's pixels once more.
    public func setTextureScaledOnce(_ texture: Texture?) {
        guard let texture else { return gtk_picture_set_paintable(picture, nil) }
        let paintable = drover_drawn_once_paintable_new(OpaquePointer(texture.rawPointer), Int32(scaleFactor))
        gtk_picture_set_paintable(picture, paintable)
        g_object_unref(UnsafeMutableRawPointer(paintable))
    }
    public func setCanShrink(_ on: Bool) { gtk_picture_set_can_shrink(picture, on ? 1 : 0) }
    public func setContentFit(_ fit: GtkContentFit) { gtk_picture_set_content_fit(picture, fit) }
}

/// A `GtkProgressBar`.
@MainActor
public final class ProgressBar: Widget {
    public init() { super.init(gtk_progress_bar_new()) }
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(OpaquePointer(rawPointer)) }
        set { gtk_progress_bar_set_fraction(OpaquePointer(rawPointer), newValue) }
    }
    /// Moves the bouncing block along: progress of unknown extent.
    public func pulse() { gtk_progress_bar_pulse(OpaquePointer(rawPointer)) }
}

/// A `GtkEntry`.
@MainActor
public final class Entry: Widget {
    public init() { super.init(gtk_entry_new()) }
    private var editable: OpaquePointer { OpaquePointer(rawPointer) }
    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set { gtk_editable_set_text(editable, newValue) }
    }
    public func selectAll() { gtk_editable_select_region(editable, 0, -1) }
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(pointer()).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(pointer(), newValue) }
    }
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("activate", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}
