import CGtk
import GalleryKit
import GtkKit
import Localization

/// One cell of the photo grid: a focusable, labelled widget with the photo's
/// thumbnail and title. Tiles are pooled and re-bound as the grid scrolls, so
/// everything here is cheap to change.
@MainActor
final class PhotoTile {
    let root: Overlay
    private let frame = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private let stackCards: [Picture] = [Picture(), Picture()]
    private let picture = Picture()
    private let pictureHolder = Overlay()
    private let title = Label()
    private let badge = Label()
    private let missingIcon = Image(iconName: "image-missing-symbolic", pixelSize: 48)
    private let placeholder = PlaceholderOverlay()
    private let noteText = Label()
    private let dwellRing = DrawingArea()
    /// The photo's QR codes, over the thumbnail.
    let qrLayer = QRRegionLayer()
    /// On a located photo: dragging it drags the place (a pin for GNOME Maps), not the photo.
    private let locationBadge = Label(tr("Map"))
    private var qrLoad: Task<Void, Never>?
    private var dwellProgress = 0.0
    /// The tile's actions (AT-SPI and its menu), enabled for what applies to it.
    var actions: [TileAction: Action] = [:]
    /// Cancels a loading placeholder, dismisses a failed one or retries a stalled one, by tile id.
    var onPlaceholderAction: ((String, PlaceholderOverlay.Choice) -> Void)?

    private(set) var model: TileModel?
    private var position = (index: 0, count: 0)
    private var isSelected = false
    /// The cover's texture is on screen (false while it decodes).
    private var coverShown = false
    /// For the open benchmark: nothing left to show (placeholders, notes and missing
    /// files have no thumbnail).
    var showsThumbnailOrNeedsNone: Bool { coverShown || model?.thumbnails.isEmpty != false || model?.kind == .missing }
    private var loads: [Task<Void, Never>] = []

    init() {
        root = Overlay(role: GTK_ACCESSIBLE_ROLE_GRID_CELL)
        root.isFocusable = true
        root.realizesAccessibleWhenMapped()
        root.addCSSClass("photo-tile")

        // Overlays draw in the order they are added: the fanned cards first,
        // then the cover on top of them, then the badges.
        let base = Box(GTK_ORIENTATION_VERTICAL)
        base.expandsVertically = true
        pictureHolder.setChild(base)
        for (index, card) in stackCards.reversed().enumerated() {
            card.setContentFit(GTK_CONTENT_FIT_COVER)
            card.setCanShrink(true)
            card.addCSSClass("stack-card")
            card.addCSSClass("stack-card-\(stackCards.count - index)")
            card.isVisible = false
            pictureHolder.addOverlay(card)
        }
        picture.setContentFit(GTK_CONTENT_FIT_COVER)
        picture.setCanShrink(true)
        picture.addCSSClass("thumbnail")
        pictureHolder.addOverlay(picture)

        missingIcon.isVisible = false
        missingIcon.addCSSClass("missing-icon")
        pictureHolder.addOverlay(missingIcon)

        pictureHolder.addOverlay(qrLayer.canvas)
        pictureHolder.addOverlay(placeholder.root)
        noteText.addCSSClass("note-text")
        noteText.setWraps(true)
        noteText.xAlign = 0
        noteText.verticalAlignment = GTK_ALIGN_START
        noteText.isVisible = false
        noteText.maximumLines = 7
        noteText.setEllipsizes(true)
        pictureHolder.addOverlay(noteText)
        // The flocking ring: fills while a drag rests over this photo.
        dwellRing.setSizeRequest(width: 64, height: 64)
        dwellRing.horizontalAlignment = GTK_ALIGN_CENTER
        dwellRing.verticalAlignment = GTK_ALIGN_CENTER
        dwellRing.canTarget = false
        dwellRing.isVisible = false
        dwellRing.addCSSClass("dwell-ring")
        dwellRing.setDraw { [weak self] cairo, width, height in
            guard let self else { return }
            PhotoTile.drawRing(cairo, width: Double(width), height: Double(height), progress: self.dwellProgress,
                               color: self.dwellRing.styleColor, highContrast: HighContrast.isOn)
        }
        pictureHolder.addOverlay(dwellRing)

        badge.addCSSClass("count-badge")
        badge.horizontalAlignment = GTK_ALIGN_END
        badge.verticalAlignment = GTK_ALIGN_START
        badge.isVisible = false
        pictureHolder.addOverlay(badge)

        locationBadge.addCSSClass("location-badge")
        locationBadge.horizontalAlignment = GTK_ALIGN_END
        locationBadge.verticalAlignment = GTK_ALIGN_END
        locationBadge.accessibleLabel = tr("Location")
        locationBadge.accessibleDescription = tr("Drag to a map for a pin (GNOME Maps). Dragging the photo drags the photo alone.")
        locationBadge.isVisible = false
        pictureHolder.addOverlay(locationBadge)

        pictureHolder.expandsVertically = true
        title.setEllipsizes(true)
        title.addCSSClass("tile-title")
        frame.append(pictureHolder)
        frame.append(title)
        root.setChild(frame)
    }

    /// Shows `model`, loading thumbnails through `thumbnails` unless cached.
    func bind(_ model: TileModel, position: Int, of count: Int, thumbnails: ThumbnailCache, qrCodes: QRCodeStore?) {
        // The grid binds every visible tile at each allocation (each scroll step that
        // changes the visible rows): a tile already showing this model is left alone,
        // so scrolling neither rebuilds it nor sends its unchanged accessible name and
        // description over AT-SPI again (only a new position is said).
        guard self.model != model else {
            if self.position != (position, count) {
                self.position = (position, count)
                describe()
            }
            return
        }
        let changedIdentity = self.model?.id != model.id
        let changedImages = self.model?.thumbnails != model.thumbnails
        self.model = model
        self.position = (position, count)
        title.text = model.title
        // An ellipsized title (long, or large text) shows whole in its tooltip; the tile's
        // accessible name is whole already.
        title.tooltip = model.title
        describe()
        for (action, handle) in actions where handle.isEnabled != action.applies(to: model) {
            handle.isEnabled = action.applies(to: model)
        }
        if case .placeholder(let progress, let failure, let stalled, let canRetry, let canImportAnyway) = model.kind {
            root.accessibleLabel = PlaceholderOverlay.accessibleName(title: model.title, progress: progress, failure: failure)
            let id = model.id
            placeholder.show(title: model.title, progress: progress, failure: failure, stalled: stalled, canRetry: canRetry,
                             canImportAnyway: canImportAnyway, detail: model.details) { [weak self] choice in
                self?.onPlaceholderAction?(id, choice)
            }
        } else {
            root.accessibleLabel = model.title
            placeholder.hide()
        }
        root.setCSSClass("placeholder", model.isPlaceholder)
        if case .note(let text) = model.kind {
            noteText.text = text
            noteText.isVisible = true
        } else {
            noteText.isVisible = false
        }
        root.setCSSClass("note", noteText.isVisible)

        locationBadge.isVisible = model.hasLocation && model.kind == .photo
        var count = 0
        if case .stack(let n) = model.kind { count = n }
        badge.isVisible = count > 1
        badge.text = "\(count)"
        root.setCSSClass("stack", count > 1)
        let missing = model.kind == .missing
        root.setCSSClass("missing", missing)
        // A missing file shows the missing icon, not a stale cached thumbnail.
        missingIcon.isVisible = missing
        picture.isVisible = !missing
        for (index, card) in stackCards.reversed().enumerated() { card.isVisible = count > 1 && index + 1 < model.thumbnails.count }

        if changedIdentity || changedImages { loadThumbnails(model, from: thumbnails) }
        if changedIdentity || qrLayer.canvas.isVisible != (model.qrCount > 0) {
            loadQRCodes(model, from: qrCodes, thumbnails: thumbnails)
        }
    }

    /// Whether (x, y), in `widget`'s coordinates, is on the location badge.
    func isOnLocationBadge(x: Double, y: Double, in widget: Widget) -> Bool {
        guard locationBadge.isVisible, let local = widget.translate(x, y, to: locationBadge) else { return false }
        return local.x >= 0 && local.y >= 0 && local.x < Double(locationBadge.width) && local.y < Double(locationBadge.height)
    }

    func unbind() {
        qrLoad?.cancel()
        qrLayer.clear()
        loads.forEach { $0.cancel() }
        loads = []
        model = nil
        picture.setTexture(nil)
        coverShown = false
        stackCards.forEach { $0.setTexture(nil) }
    }

    /// Shows the flocking ring at `progress` (0...1), or hides it with nil.
    func setDwellProgress(_ progress: Double?) {
        dwellRing.isVisible = progress != nil
        dwellProgress = progress ?? 0
        dwellRing.queueDraw()
    }

    /// The ring is drawn on the photo, so its track is a shadow (as an OSD's is, in both
    /// styles) and its progress the style's accent colour (`.dwell-ring` in style.css).
    private static func drawRing(_ cairo: CairoContext, width: Double, height: Double, progress: Double,
                                 color: (red: Double, green: Double, blue: Double, alpha: Double), highContrast: Bool) {
        let radius = min(width, height) / 2 - 5
        // In high contrast the track is opaque and wider, so the ring stands out on any photo.
        cairo.setLineWidth(highContrast ? 8 : 6)
        cairo.setSource(red: 0, green: 0, blue: 0, alpha: highContrast ? 1 : 0.35)
        cairo.arc(centreX: width / 2, centreY: height / 2, radius: radius, from: 0, to: 2 * .pi)
        cairo.stroke()
        cairo.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        cairo.arc(centreX: width / 2, centreY: height / 2, radius: radius, from: -.pi / 2, to: -.pi / 2 + 2 * .pi * progress)
        cairo.stroke()
    }

    func setSelected(_ selected: Bool) {
        root.setCSSClass("selected", selected)
        // Only on a change: GTK 4.8 follows every state update with a
        // description-change event, which a screen reader speaks again.
        if selected != isSelected { root.setAccessibleSelected(selected) }
        isSelected = selected
        describe()
    }

    func setPosition(_ position: Int, of count: Int) {
        self.position = (position, count)
        describe()
    }

    /// The description a screen reader reads after the title: selected or
    /// not, the position ("3 of 12": GTK 4.8 gives the grid no AT-SPI Table
    /// interface, so it must be said in words), then the photo's details.
    private func describe() {
        guard let model else { return }
        var parts = [isSelected ? tr("Selected") : nil, tr("{number} of {count}", ["number": position.index, "count": position.count])].compactMap { $0 }
        parts.append(model.details)
        root.accessibleDescription = parts.joined(separator: ". ")
    }

    private func loadQRCodes(_ model: TileModel, from store: QRCodeStore?, thumbnails: ThumbnailCache) {
        qrLoad?.cancel()
        guard let store, model.qrCount > 0, let photo = model.coverPhoto else { return qrLayer.clear() }
        let id = PhotoID(rawValue: photo.id)
        let turn = photo.rotation
        if let codes = store.codes(for: id) { return qrLayer.show(codes.codes.map { $0.turned(by: turn) }) }
        qrLayer.clear()
        qrLoad = Task { [weak self] in
            guard let codes = await store.load(for: id, file: photo.file), let self, self.model?.id == model.id else { return }
            self.qrLayer.show(codes.codes.map { $0.turned(by: turn) })
            // Decoded ahead, so a drag of the codes can draw them lifting out at once.
            for crop in codes.crops { _ = await thumbnails.texture(for: crop) }
        }
    }

    private func loadThumbnails(_ model: TileModel, from cache: ThumbnailCache) {
        loads.forEach { $0.cancel() }
        loads = []
        let targets = [picture] + stackCards
        // Scaled once to the tile's size: the grid draws every tile at every scrolling frame.
        for (index, url) in model.thumbnails.prefix(targets.count).enumerated() {
            let target = targets[index]
            if let texture = cache.cachedTexture(for: url) {
                target.setTextureScaledOnce(texture)
                if index == 0 { coverShown = true }
                continue
            }
            target.setTexture(nil)
            if index == 0 { coverShown = false }
            let id = model.id
            loads.append(Task { [weak self] in
                guard let texture = await cache.texture(for: url), let self, self.model?.id == id else { return }
                target.setTextureScaledOnce(texture)
                if index == 0 { self.coverShown = true }
            })
        }
    }
}
