import CGtk
import DragKit
import Foundation
import GalleryKit
import GtkKit

/// Drags photos out of the grid: the tile under the pointer, or the whole
/// selection when the tile is selected. A stack drags as its photos. What
/// the drag carries is described once, by its DragKit items (`DragItems`);
/// GTK's content is made from them (`DragContent`) when a target asks.
@MainActor
final class GridDragController {
    private let grid: PhotoGrid
    private let animations: AnimationLayer
    private let thumbnails: ThumbnailCache
    private let gallery: GalleryController
    private let coordinator: DragCoordinator
    private let icon: DragIconView
    private let source = DragSource()
    private var lifted: (tiles: [GalleryItem], items: [DragItem], origin: Point)?
    /// A drag of QR codes out of one photo, instead of photos.
    private var liftedCodes: (content: QRDragContent, tileID: String, frames: [Rect], origin: Point)?
    /// A drag of one photo's location (from its tile's location badge), instead of photos.
    private var liftedLocation: (tile: GalleryItem, items: [DragItem], origin: Point)?
    /// The DragKit session of a drag that carries no photos (QR codes, a location).
    private var sideSession: DragSession?
    private var countObservation: Observation?
    /// While photos fly back after a cancel, their tiles stay faded until they land.
    private var flyingBack = false
    /// Ends the wait for the compositor's slide-back (Wayland).
    private var settleTimer: TimerSource?

    private var qrCodes: QRCodeStore? { grid.qrCodes }

    init(grid: PhotoGrid, animations: AnimationLayer, gallery: GalleryController, coordinator: DragCoordinator,
         thumbnails: ThumbnailCache) {
        self.grid = grid
        self.animations = animations
        self.thumbnails = thumbnails
        self.gallery = gallery
        self.coordinator = coordinator
        icon = DragIconView(thumbnails: thumbnails)
        // COPY or MOVE: Shift (which GDK turns into MOVE alone) moves photos into an
        // album inside Drover. Another app is never handed a library file to move: what
        // leaves is a copy made for it (`LeavingFiles`), which a file manager may move.
        source.setActions(.copyOrMove)
        source.onPrepare { [weak self] x, y in self?.prepare(at: Point(x: x, y: y)) }
        source.onDragBegin { [weak self] drag in
            DragTestSettings.log("drag began")
            self?.begin(drag)
        }
        source.onDragEnd { [weak self] _, _ in
            self?.end()
            DragTestSettings.log("drag ended")
        }
        source.onDragCancel { [weak self] _, reason in
            DragTestSettings.log("drag cancelled (\(reason == GDK_DRAG_CANCEL_NO_TARGET ? "no target" : reason == GDK_DRAG_CANCEL_USER_CANCELLED ? "by the user" : "error"))")
            return self?.flyBack() ?? false
        }
        grid.canvas.add(source)
    }

    private func prepare(at point: Point) -> ContentProvider? {
        let model = gallery.model
        lifted = nil
        liftedCodes = nil
        liftedLocation = nil
        guard let index = grid.geometry.index(at: point, count: model.count), model.item(at: index) != nil else { return nil }
        if let codes = prepareCodes(at: point, index: index) { return codes }
        if let location = prepareLocation(at: point, index: index) { return location }
        if !grid.isSelected(index) { grid.selectOnly(index) }
        let picked = grid.selectedIndices.compactMap { i in model.item(at: i).map { (index: i, item: $0) } }
        guard !picked.isEmpty else { return nil }
        let items = coordinator.items.make(forDragOf: picked)
        lifted = (picked.map(\.item), items, point)
        // A target reads the drag's items when it asks: photos may have flocked in by then.
        return DragContent.provider(for: items) { [weak coordinator] in coordinator?.current?.session.items ?? items }
    }

    /// A press on a code's region (or the QR badge) drags the codes, not the photo.
    private func prepareCodes(at point: Point, index: Int) -> ContentProvider? {
        guard let tile = grid.tile(at: index), let model = tile.model, let photo = model.coverPhoto,
              let stored = qrCodes?.codes(for: PhotoID(rawValue: photo.id)),
              let local = grid.canvas.translate(point.x, point.y, to: tile.qrLayer.canvas),
              let hit = tile.qrLayer.hit(at: Point(x: local.x, y: local.y)) else { return nil }
        let chosen: [Int] = if case .code(let one) = hit { [one] } else { Array(stored.codes.indices) }
        let content = QRDragContent(photo: PhotoID(rawValue: photo.id), codes: chosen.map { stored.codes[$0] },
                                    crops: chosen.map { stored.crops[$0] })
        let frames = tile.qrLayer.codeFrames(in: animations.canvas)
        liftedCodes = (content, model.id, chosen.compactMap { frames.indices.contains($0) ? frames[$0] : nil }, point)
        return content.provider
    }

    /// A press on a located photo's location badge drags its place, not the photo.
    private func prepareLocation(at point: Point, index: Int) -> ContentProvider? {
        guard let tile = grid.tile(at: index), tile.isOnLocationBadge(x: point.x, y: point.y, in: grid.canvas),
              let item = gallery.model.item(at: index), let items = DragItems.make(forLocationOf: item) else { return nil }
        liftedLocation = (item, items, point)
        return DragContent.provider(for: items)
    }

    /// The location drag's icon is the platter: the photo with its place and coordinates.
    private func beginLocation(_ drag: Drag) {
        guard let liftedLocation, let location = liftedLocation.tile.location else { return }
        let session = DragSession(items: liftedLocation.items, origin: liftedLocation.origin)
        try? session.beginDragging()
        sideSession = session
        let tile = liftedLocation.tile
        icon.showPlatter(cover: tile.thumbnailURLs.first, place: tile.placeName ?? tile.title,
                         coordinates: location.displayCoordinates)
        drag.setIcon(icon.platter)
        drag.setHotspot(x: DragIconView.size / 2, y: DragIconView.size / 2)
    }

    /// Each code lifts out of the photo as its own rounded crop, flying from
    /// where it sits to the pointer, while the photo fades and the drag icon
    /// fans the crops.
    private func beginCodes(_ drag: Drag) {
        guard let liftedCodes else { return }
        let session = DragSession(items: liftedCodes.content.items, origin: liftedCodes.origin)
        try? session.beginDragging()
        sideSession = session
        icon.show(covers: liftedCodes.content.crops, count: liftedCodes.content.codes.count)
        drag.setIcon(icon.fan)
        drag.setHotspot(x: DragIconView.size / 2, y: DragIconView.size / 2)
        grid.setDragged([liftedCodes.tileID])
        guard let pointer = animations.canvas.pointerPosition() else { return }
        let side = Double(DragIconView.size) * 0.6
        let target = Rect(x: pointer.x - side / 2, y: pointer.y - side / 2, width: side, height: side)
        let shapes = liftedCodes.frames.map { RoundedRect($0, cornerRadius: 6) }
        animations.play(Motion.plan(PreviewPlan.lift(from: shapes, to: shapes.map { _ in target }), named: "lift"),
                        textures: liftedCodes.content.crops.map { thumbnails.cachedTexture(for: $0) })
    }

    /// A cancelled code drag: every crop flies back to where its code sits.
    private func flyCodesBack() -> Bool {
        guard let liftedCodes, !liftedCodes.frames.isEmpty, let pointer = animations.canvas.pointerPosition() else { return false }
        let plan = PreviewPlan.cancel(from: Point(x: pointer.x, y: pointer.y),
                                      previewSize: Size(width: Double(DragIconView.size) * 0.6, height: Double(DragIconView.size) * 0.6),
                                      backTo: liftedCodes.frames.map { RoundedRect($0, cornerRadius: 6) })
        let played = Motion.plan(plan, named: "cancel")
        flyingBack = true
        animations.play(played, textures: liftedCodes.content.crops.map { thumbnails.cachedTexture(for: $0) }, completion: { [weak self] in
            self?.flyingBack = false
            self?.grid.setDragged([])
        })
        return true
    }

    private func begin(_ drag: Drag) {
        // A new drag ends the wait of the last one's settle (it would un-fade the new tiles).
        settleTimer?.cancel()
        settleTimer = nil
        flyingBack = false
        if liftedCodes != nil { return beginCodes(drag) }
        if liftedLocation != nil { return beginLocation(drag) }
        guard let lifted else { return }
        let session = DragSession(items: lifted.items, origin: lifted.origin)
        try? session.beginDragging()
        let inApp = DragCoordinator.InAppDrag(session: session, gdkDrag: drag.drag, sourceScope: gallery.scope, coordinator: coordinator,
                                              tiles: lifted.tiles)
        coordinator.begin(inApp)
        showIcon(for: inApp)
        countObservation = session.observeItemCount { [weak self, weak inApp] _ in
            guard let self, let inApp else { return }
            self.showIcon(for: inApp)
            self.grid.setDragged(Set(inApp.tileIDs.map(\.description)))
        }
        drag.setIcon(icon.fan)
        drag.setHotspot(x: DragIconView.size / 2, y: DragIconView.size / 2)
        grid.setDragged(Set(lifted.tiles.map { $0.id.description }))
    }

    private func showIcon(for drag: DragCoordinator.InAppDrag) {
        icon.show(covers: drag.tiles.compactMap(\.thumbnailURLs.first), count: drag.session.items.count)
    }

    /// A drag released over no target (or cancelled with Escape): one animation
    /// back, chosen by DragKit for the platform. On X11 one photo slides back
    /// with GTK's own animation, and several fly back each to its own tile
    /// along DragKit's cancel plan, inside the window (returning true skips
    /// GTK's slide-back). On Wayland the compositor slides the icon back
    /// whatever we return, so Drover draws nothing on top: the tiles stay
    /// faded until the icon lands, then fade back in.
    private func flyBack() -> Bool {
        let count = liftedCodes != nil ? 1 : coordinator.current?.tiles.count ?? 1
        let animation = MotionRules.cancel(compositorAnimates: DisplayFacts.isWayland, itemCount: count,
                                           reducesMotion: Motion.reduces)
        switch animation {
        case .instant:
            // Reduced motion: no slide at all; the tiles reappear in place as the drag ends.
            Motion.log("plan=cancel reduced=true duration=0.000 tracks=0 pulse=false")
            return animation.skipsToolkitSlideBack
        case .compositorSlideBack(let settleAfter):
            settle(after: settleAfter)
            return false
        case .toolkitSlideBack where liftedCodes == nil:
            return false
        case .toolkitSlideBack, .perItemFlyBack:
            break
        }
        if liftedCodes != nil { return flyCodesBack() }
        guard let drag = coordinator.current, drag.tiles.count > 1,
              let pointer = animations.canvas.pointerPosition() else { return false }
        let layer = animations.canvas
        var origins: [RoundedRect] = []
        var textures: [Texture?] = []
        for tile in drag.tiles {
            guard let index = gallery.model.index(of: tile.id),
                  let frame = grid.frameOnScreen(index), let origin = grid.canvas.translate(frame.minX, frame.minY, to: layer)
            else { continue }
            origins.append(RoundedRect(Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height), cornerRadius: 12))
            textures.append(tile.thumbnailURLs.first.flatMap(thumbnails.cachedTexture(for:)))
        }
        guard !origins.isEmpty else { return false }
        let plan = PreviewPlan.cancel(from: Point(x: pointer.x, y: pointer.y),
                                      previewSize: Size(width: Double(DragIconView.size) * 0.7, height: Double(DragIconView.size) * 0.7),
                                      backTo: origins)
        flyingBack = true
        animations.play(Motion.plan(plan, named: "cancel"), textures: textures, completion: { [weak self] in
            self?.flyingBack = false
            self?.grid.setDragged([])
        })
        return true
    }

    /// Keeps the lifted tiles faded while the compositor's icon slides back,
    /// then lets them fade in (the tiles' CSS opacity transition).
    private func settle(after seconds: Double) {
        flyingBack = true
        settleTimer?.cancel()
        settleTimer = TimerSource.after(milliseconds: UInt32(seconds * 1000)) { [weak self] in
            self?.settleTimer = nil
            self?.flyingBack = false
            self?.grid.setDragged([])
        }
    }

    private func end() {
        countObservation?.cancel()
        countObservation = nil
        if let session = coordinator.current?.session, session.phase != .ended {
            if session.phase == .dragging { try? session.cancel() }
            try? session.end()
        }
        if let session = sideSession {
            if session.phase == .dragging { try? session.cancel() }
            try? session.end()
            sideSession = nil
        }
        let carriedPhotos = liftedCodes == nil && liftedLocation == nil
        lifted = nil
        liftedCodes = nil
        liftedLocation = nil
        if !flyingBack { grid.setDragged([]) }
        if carriedPhotos { coordinator.end() }
    }
}
