import CGtk
import DecoderKit
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// The photo viewer page: one photo drawn large (to fit, or zoomed and panned), a bar
/// with Back, the photo's title and the zoom and fullscreen buttons, previous and next
/// buttons at the sides, and a message in place of a photo that cannot be shown.
///
/// This is the widget and what the pointer does to it directly (zoom with Ctrl+scroll,
/// pan by dragging a zoomed photo, Loupe's rules); which photo it shows, the keys and
/// drag and drop are `ViewerController`'s.
@MainActor
final class PhotoViewer: CanvasLayout {
    let root = Overlay()
    /// The photo: named after it, described by its date and place, and focusable, so
    /// keys reach the viewer and screen readers read the photo.
    let canvas = Canvas(role: GTK_ACCESSIBLE_ROLE_IMG, cssName: "photo-viewer")
    let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: tr("Back to Photos"))
    let previousButton = Button(iconName: "go-previous-symbolic", accessibleLabel: tr("Previous Photo"))
    let nextButton = Button(iconName: "go-next-symbolic", accessibleLabel: tr("Next Photo"))
    let zoomOutButton = Button(iconName: "zoom-out-symbolic", accessibleLabel: tr("Zoom Out"))
    let zoomInButton = Button(iconName: "zoom-in-symbolic", accessibleLabel: tr("Zoom In"))
    let fitButton = Button(iconName: "zoom-fit-best-symbolic", accessibleLabel: tr("Fit to Window"))
    let fullscreenButton = Button(iconName: "view-fullscreen-symbolic", accessibleLabel: tr("Fullscreen"))
    let detailsButton = Button(iconName: "document-properties-symbolic", accessibleLabel: tr("Details"))
    let rotateLeftButton = Button(iconName: "object-rotate-left-symbolic", accessibleLabel: tr("Rotate Left"))
    let rotateRightButton = Button(iconName: "object-rotate-right-symbolic", accessibleLabel: tr("Rotate Right"))
    /// Imports a photo opened from outside the library (`drover FILE`): shown only then.
    let addButton = Button(label: tr("Add to Library"))
    private let titleLabel = Label()
    private let zoomLabel = Label()
    private let message = Label()

    private(set) var zoom = ViewerZoom()
    /// The picture as decoded (upright by its EXIF orientation), drawn turned by `rotation`:
    /// turning it is instant, with nothing decoded again.
    private var texture: Texture?
    private(set) var rotation = PhotoRotation.upright
    /// The photo's own size (upright, not turned): the zoom counts its pixels, whatever
    /// the resolution of the picture drawn (a thumbnail, a decode at the display's size,
    /// the full image), so 100% is always the photo's pixels.
    private var photoSize: PixelSize?
    private let pinch = ZoomGesture()
    /// The zoom when the pinch began: GTK's scale is relative to the pinch's start.
    private var pinchStartZoom: Double?
    private let pan = DragGesture()
    private var panning = false
    private var lastPan = (x: 0.0, y: 0.0)
    private let scroll = ScrollController(bothAxes: true)
    private let click = ClickGesture()

    /// The zoom changed (to say so to assistive technology and in the bar).
    var onZoomChanged: (() -> Void)?
    /// A double click on the photo (fullscreen, as in Loupe).
    var onDoubleClick: (() -> Void)?

    init() {
        root.addCSSClass("photo-viewer-page")
        root.expandsHorizontally = true
        root.expandsVertically = true
        canvas.setLayout(self)
        canvas.accessibleLabel = tr("Photo")
        canvas.isFocusable = true
        // Opening the viewer names and describes the photo before its page shows, and focus
        // moves onto the photo as the page shows (GtkStack moves the focus it had in the grid
        // into the page it shows). Realized when mapped, just before that focus move,
        // GTK sends the name and description it held while Orca is still on the tile, which
        // ignores them: the focus reads them once. Left for the first focus, GTK sends them
        // just after the focus event, and Orca 43 reads any description event of its focus
        // again (default.py's onDescriptionChanged never finds its cache: it reads the
        // 'description' key and writes 'descriptions').
        canvas.realizesAccessibleWhenMapped()
        canvas.clipsToBounds = true
        canvas.expandsHorizontally = true
        canvas.expandsVertically = true
        canvas.setDraw { [weak self] snapshot in self?.draw(snapshot) }
        root.setChild(canvas)

        let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        bar.addCSSClass("viewer-bar")
        bar.verticalAlignment = GTK_ALIGN_START
        bar.setMargins(8)
        backButton.tooltip = tr("Back to the photos (Escape)")
        titleLabel.setEllipsizes(true)
        titleLabel.expandsHorizontally = true
        titleLabel.addCSSClass("viewer-title")
        zoomOutButton.tooltip = tr("Zoom out (−)")
        zoomInButton.tooltip = tr("Zoom in (+)")
        fitButton.tooltip = tr("Fit to the window (0)")
        fullscreenButton.tooltip = tr("Fullscreen (F11)")
        detailsButton.tooltip = tr("Details (Alt+Enter)")
        rotateLeftButton.tooltip = tr("Rotate left (Ctrl+Shift+R)")
        rotateRightButton.tooltip = tr("Rotate right (Ctrl+R)")
        zoomLabel.addCSSClass("viewer-zoom")
        // Shown only with text: an empty label is named by its type over AT-SPI.
        titleLabel.isVisible = false
        zoomLabel.isVisible = false
        addButton.addCSSClass("suggested-action")
        addButton.tooltip = tr("Import this photo into the library")
        addButton.isVisible = false
        for widget in [backButton, titleLabel, addButton, rotateLeftButton, rotateRightButton, zoomOutButton, zoomLabel, zoomInButton,
                       fitButton, detailsButton, fullscreenButton] as [Widget] {
            bar.append(widget)
        }
        root.addOverlay(bar)

        // GTK puts the start at the right, right to left, and the Left key follows (see
        // ViewerController): each tooltip names the arrow key that points at its button.
        let rightToLeft = root.isRightToLeft
        for (button, side, tip) in [(previousButton, GTK_ALIGN_START, rightToLeft ? tr("Previous photo (Right)") : tr("Previous photo (Left)")),
                                    (nextButton, GTK_ALIGN_END, rightToLeft ? tr("Next photo (Left)") : tr("Next photo (Right)"))] {
            button.addCSSClass("viewer-nav")
            button.horizontalAlignment = side
            button.verticalAlignment = GTK_ALIGN_CENTER
            button.setMargins(12)
            button.tooltip = tip
            root.addOverlay(button)
        }

        message.addCSSClass("viewer-message")
        message.setWraps(true)
        message.setJustification(GTK_JUSTIFY_CENTER)
        message.horizontalAlignment = GTK_ALIGN_CENTER
        message.verticalAlignment = GTK_ALIGN_CENTER
        message.canTarget = false
        message.isVisible = false
        root.addOverlay(message)

        zoomOutButton.onClicked { [weak self] in self?.change { $0.zoomOut() } }
        zoomInButton.onClicked { [weak self] in self?.change { $0.zoomIn() } }
        fitButton.onClicked { [weak self] in self?.change { $0.fit() } }
        installPointerInput()
    }

    // MARK: What is shown

    /// Shows a photo's title and a first picture of it (its upright thumbnail), fitted,
    /// turned by `rotation`.
    func show(title: String, preview: Texture?, rotation: PhotoRotation = .upright, photoSize: PixelSize? = nil) {
        setTitle(title)
        showsFullImage = false
        message.isVisible = false
        texture = preview
        self.rotation = rotation
        self.photoSize = photoSize
        zoom.show(imageSize: shownSize(of: preview))
        zoomChanged()
    }

    /// The photo was turned: shown turned, fitted again (as Loupe does).
    func setRotation(_ rotation: PhotoRotation) {
        guard rotation != self.rotation else { return }
        self.rotation = rotation
        zoom.show(imageSize: shownSize(of: texture))
        zoomChanged()
    }

    /// The size the zoom works in, turned by `rotation`: the photo's own, or else the
    /// texture's.
    private func shownSize(of texture: Texture?) -> Size {
        guard let size = photoSize ?? texture.map({ PixelSize(width: $0.width, height: $0.height) }) else {
            return Size(width: 1, height: 1)
        }
        let turned = rotation.applied(to: size)
        return Size(width: Double(turned.width), height: Double(turned.height))
    }

    /// True when the picture drawn has fewer pixels than the screen shows of it (zoomed
    /// past what a decode at the display's size holds): a sharper one is worth decoding.
    var needsSharperPicture: Bool {
        guard let texture, showsFullImage else { return false }
        let drawn = rotation.applied(to: PixelSize(width: texture.width, height: texture.height))
        return zoom.imageRect.width > Double(drawn.width) * 1.05
    }

    /// The photo on show was renamed.
    func setTitle(_ title: String) {
        titleLabel.text = title
        titleLabel.isVisible = !title.isEmpty
    }

    /// The full image arrived: the same view of the photo, in its real pixels.
    func showFullImage(_ full: Texture) {
        let size = shownSize(of: full)
        // Without the photo's size, the zoom works in texture pixels: keep the same view.
        if texture == nil { zoom.show(imageSize: size) } else if photoSize == nil { zoom.rescale(toImageSize: size) }
        texture = full
        showsFullImage = true
        zoomChanged()
    }

    /// Shows `text` instead of a photo (one too large to show, or that fails to decode).
    func showMessage(_ text: String) {
        texture = nil
        message.text = text
        message.isVisible = true
        zoomChanged()
    }

    var hasPicture: Bool { texture != nil }
    /// The size of the picture drawn (a thumbnail, or the full image at some resolution).
    var textureSize: PixelSize? { texture.map { PixelSize(width: $0.width, height: $0.height) } }
    /// True once the full image replaced the first picture.
    private(set) var showsFullImage = false
    var messageText: String? { message.isVisible ? message.text : nil }

    /// A library photo has rotate and details; a file opened from outside has Add to Library.
    func setShowsLibraryPhoto(_ library: Bool) {
        for button in [rotateLeftButton, rotateRightButton, detailsButton] { button.isVisible = library }
        addButton.isVisible = !library
    }

    func setNavigation(hasPrevious: Bool, hasNext: Bool) {
        previousButton.isSensitive = hasPrevious
        nextButton.isSensitive = hasNext
    }

    /// Changes the zoom (keys and buttons), then redraws and reports it.
    func change(_ body: (inout ViewerZoom) -> Void) {
        body(&zoom)
        zoomChanged()
    }

    /// What the photo's description ends with: the message shown instead of the photo, or
    /// how it is zoomed; nil with neither. `.notYetKnown` before the view is laid out, when
    /// the zoom is a guess (a fitted photo would read as 0%): a describer waits for the
    /// layout, which reports a zoom change, so the description is said once, with the zoom.
    enum ShownState { case none, notYetKnown, text(String) }
    var shownState: ShownState {
        if let messageText { return .text(messageText) }
        guard hasPicture else { return .none }
        return zoom.knowsViewSize ? .text(zoomDescription) : .notYetKnown
    }

    /// How the zoom reads: "Fit" or a percentage of the photo's pixels.
    private var zoomDescription: String {
        zoom.isFit ? tr("Fit to window, {percent}%", ["percent": Int((zoom.zoom * 100).rounded())])
                    : tr("Zoom {percent}%", ["percent": Int((zoom.zoom * 100).rounded())])
    }

    private func zoomChanged() {
        zoomLabel.text = "\(Int((zoom.zoom * 100).rounded()))%"
        zoomLabel.isVisible = hasPicture
        zoomOutButton.isSensitive = hasPicture && !zoom.isFit
        zoomInButton.isSensitive = hasPicture && zoom.zoom < ViewerZoom.maximum
        fitButton.isSensitive = hasPicture && !zoom.isFit
        canvas.setCursor(named: zoom.canPan ? "grab" : nil)
        canvas.queueDraw()
        onZoomChanged?()
    }

    // MARK: Drawing and layout

    private func draw(_ snapshot: Snapshot) {
        guard let texture else { return }
        let rect = zoom.imageRect
        snapshot.drawTexture(texture, x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
                             quarterTurns: rotation.quarterTurns)
    }

    func measure(_ canvas: Canvas, orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (0, 0)
    }

    /// The size the page is about to be laid out at (the window's content area it shows
    /// in), so the photo opened is described with the zoom it will be shown at before the
    /// page shows and takes focus. The layout then finds the same size and changes nothing.
    func expectViewSize(width: Int32, height: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        guard width > 1, height > 1, size != zoom.viewSize else { return }
        zoom.resize(view: size)
    }

    func allocate(_ canvas: Canvas, width: Int32, height: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        // A page being shown is allocated nothing for a moment: keep the last real size
        // rather than fit the photo to a point (a screen reader heard "Fit to window, 0%").
        guard size != zoom.viewSize, width > 1, height > 1 else { return }
        zoom.resize(view: size)
        zoomChanged()
    }

    // MARK: Pointer

    /// Ctrl+scroll zooms about the pointer; a plain scroll pans a zoomed photo; a drag
    /// pans a zoomed photo. A drag on a photo that fits is left to the drag source
    /// (the photo is dragged out), as in Loupe.
    private func installPointerInput() {
        scroll.onScroll { [weak self] dx, dy in
            guard let self, self.hasPicture else { return false }
            let control = self.scroll.currentModifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
            if control {
                let pointer = self.canvas.pointerPosition().map { Point(x: $0.x, y: $0.y) }
                // Exponential, so two small steps equal one larger one.
                self.change { $0.zoom(to: $0.zoom * pow(ViewerZoom.step, -dy), about: pointer, snapsToFit: false) }
                return true
            }
            guard self.zoom.canPan else { return false }
            self.change { $0.pan(dx: -dx * 40, dy: -dy * 40) }
            return true
        }
        canvas.add(scroll)

        // A pinch zooms about its middle, as Ctrl+scroll does about the pointer. (Xvfb has
        // no touchpad: the suite cannot pinch; GtkKitTests check the gesture's signals.)
        pinch.onBegin { [weak self] in
            guard let self, self.hasPicture else { return }
            self.pinchStartZoom = self.zoom.zoom
        }
        pinch.onScaleChanged { [weak self] scale in
            guard let self, let start = self.pinchStartZoom, self.hasPicture else { return }
            let centre = self.pinch.centre.map { Point(x: $0.x, y: $0.y) }
            self.change { $0.zoom(to: start * scale, about: centre, snapsToFit: false) }
        }
        pinch.onEnd { [weak self] in self?.pinchStartZoom = nil }
        canvas.add(pinch)

        pan.onBegin { [weak self] _, _ in
            guard let self else { return }
            guard self.zoom.canPan else { return self.pan.deny() }
            self.pan.claim()
            self.panning = true
            self.lastPan = (0, 0)
            self.canvas.setCursor(named: "grabbing")
        }
        pan.onUpdate { [weak self] dx, dy in
            guard let self, self.panning else { return }
            let step = (x: dx - self.lastPan.x, y: dy - self.lastPan.y)
            self.lastPan = (dx, dy)
            self.change { $0.pan(dx: step.x, dy: step.y) }
        }
        pan.onEnd { [weak self] _, _ in
            guard let self, self.panning else { return }
            self.panning = false
            self.canvas.setCursor(named: self.zoom.canPan ? "grab" : nil)
        }
        canvas.add(pan)

        click.onPressed { [weak self] count, _, _ in
            guard let self else { return }
            _ = self.canvas.grabFocus()
            if count == 2 { self.onDoubleClick?() }
        }
        canvas.add(click)
    }

    /// True while a drag pans the photo: the drag source must not start then.
    var isPanning: Bool { panning }
}
