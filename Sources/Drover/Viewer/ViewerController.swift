import CGtk
import DecoderKit
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization

/// Opens photos in the viewer page (Enter, double-click, the tile menu's Open) and
/// runs it: which photo is on show, previous and next (through the grid's photos and
/// stacks, or inside a stack opened on its top photo), the keys, fullscreen, and the
/// decoding: the thumbnail at once, then the full image, off the main thread, with the
/// neighbours decoded ahead.
///
/// Keys: Escape or Back returns to the grid (first leaving fullscreen), Left/Right (the
/// way they point, also right to left) and Page Up/Down go to the previous/next photo, Home/End to the first/last, `+`/`-` and
/// Ctrl+scroll zoom, `1` shows 100%, `0` or Ctrl+0 fits, F11 toggles fullscreen, Alt+Enter
/// shows the photo's details, Ctrl+R and Ctrl+Shift+R rotate it right and left (in the
/// library; drawn turned, nothing decoded again).
@MainActor
final class ViewerController {
    /// The photo on show: a grid entry (by id, so it survives changes to the grid)
    /// and which of its photos (a stack's, in stack order).
    struct Position: Equatable {
        var tileID: GalleryItem.ID
        var member: Int
    }

    /// A photo's full image as a texture, or why there is none.
    typealias FullImageResult = Result<PreparedDecode<PreparedTexture>, ViewerError>
    /// A photo's full image being decoded, or decoded.
    typealias FullImage = Task<FullImageResult, Never>

    /// The longest side the full image is decoded at when zoomed in past a decode at
    /// the display's size (memory stays bounded).
    static let fullImageBox = 8192
    private static let previewBox = 360

    private let window: MainWindow
    private let gallery: GalleryController
    private let thumbnails: ThumbnailCache
    private let viewer: PhotoViewer
    private(set) var position: Position?
    /// True when the viewer was opened on a stack: previous/next stay inside it.
    private var insideStack = false
    private var decoding: Task<Void, Never>?
    /// Full images of the photo on show and its neighbours, decoded ahead at the
    /// display's size (`displayBox`).
    private var decoded: [PhotoID: FullImage] = [:]
    /// The full image of the photo the user is about to open (pressed, or focused by keyboard).
    private let prefetched = ViewerPrefetch<FullImageResult> { url, box in ViewerController.fullImageTask(url, box: box) }
    /// Waits for keyboard focus to rest on a tile before its photo is decoded ahead.
    private var focusRest: TimerSource?
    /// The CPU the full image on show took to decode and to make into a texture (off the
    /// main thread), for the benchmark.
    private(set) var shownDecode: (decodeCPUSeconds: Double, prepareCPUSeconds: Double)?
    /// The photo on show decoded sharper (up to `fullImageBox`), once zoomed past `decoded`'s.
    private var sharpening: (photo: PhotoID, box: Int, task: Task<Void, Never>)?
    private let keys = KeyController()
    private var benchmark: ViewerBenchmark?
    /// A file opened from outside the library (`OpenedFileViewer`) when one is on show:
    /// previous, next, first, last and closing are its.
    var browsing: (any ViewerBrowsing)?
    /// Show the details of the photo on show (Alt+Enter, the Details button).
    var onShowDetails: (() -> Void)?

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return formatter
    }()

    init(window: MainWindow, gallery: GalleryController, thumbnails: ThumbnailCache) {
        self.window = window
        self.gallery = gallery
        self.thumbnails = thumbnails
        viewer = window.viewer
        window.grid.onOpen = { [weak self] index in self?.open(entryAt: index) }
        window.grid.onOpenLikely = { [weak self] index, cue in self?.openIsLikely(entryAt: index, cue: cue) }
        viewer.backButton.onClicked { [weak self] in self?.close() }
        viewer.previousButton.onClicked { [weak self] in self?.step(-1) }
        viewer.nextButton.onClicked { [weak self] in self?.step(1) }
        viewer.fullscreenButton.onClicked { [weak self] in self?.toggleFullscreen() }
        viewer.detailsButton.onClicked { [weak self] in self?.onShowDetails?() }
        viewer.rotateLeftButton.onClicked { [weak self] in self?.rotate(by: .left) }
        viewer.rotateRightButton.onClicked { [weak self] in self?.rotate(by: .right) }
        viewer.onDoubleClick = { [weak self] in self?.toggleFullscreen() }
        viewer.onZoomChanged = { [weak self] in
            self?.describe()
            self?.sharpenIfZoomedPast()
        }
        keys.onKeyPressed { [weak self] keyval, modifiers in self?.key(keyval, modifiers: modifiers) ?? false }
        viewer.root.add(keys)
        gallery.onItemsChanged.append { [weak self] in self?.itemsChanged() }
        if ViewerBenchmark.isAsked {
            let benchmark = ViewerBenchmark()
            self.benchmark = benchmark
            let grid = window.grid, root = window.window
            benchmark.run(self, viewer: viewer, firstTile: {
                let frame = grid.geometry.frame(at: 0)
                return grid.canvas.translate(frame.center.x, frame.center.y, to: root)
            }, done: { [weak window] in window?.window.close() })
        }
    }

    /// The grid changed under the viewer: a photo deleted (or moved out of the album on
    /// show) takes the viewer back to the grid; a renamed one shows its new title.
    private func itemsChanged() {
        guard isOpen else { return }
        guard let (_, _, member) = currentTile else { return close() }
        viewer.setTitle(member.title)
        viewer.setRotation(member.rotation)
        describe()
    }

    var isOpen: Bool { position != nil }

    /// The tile on show and its grid entry, if it is still in the grid.
    var currentTile: (item: GalleryItem, entry: Int, member: GalleryItem.Member)? {
        guard let position, let entry = gallery.model.index(of: position.tileID),
              let item = gallery.model.item(at: entry), item.members.indices.contains(position.member) else { return nil }
        return (item, entry, item.members[position.member])
    }

    // MARK: Opening and closing

    /// Opens the photo (or the stack, on its top photo) at grid entry `index`. Notes and
    /// placeholders have nothing to show.
    func open(entryAt index: Int) {
        guard let item = gallery.model.item(at: index), !item.members.isEmpty else { return }
        benchmark?.opening()
        insideStack = item.kind == .stack
        viewer.setShowsLibraryPhoto(true)
        // Named and described (with the zoom it will be shown at) before the page shows:
        // showing it moves focus onto the photo at once, and a screen reader reads the photo
        // as it is then (a name set after that was heard as a change: "Photo", then the title,
        // then the description again).
        let page = window.contentSize
        viewer.expectViewSize(width: page.width, height: page.height)
        show(Position(tileID: item.id, member: 0))
        guard isOpen else { return }
        window.showViewer(true)
        _ = viewer.canvas.grabFocus()
    }

    /// How long keyboard focus rests on a tile before its photo is decoded ahead: longer than
    /// the key repeat's 33 ms (an arrow held down starts nothing), shorter than the time
    /// from arriving on a photo to pressing Enter.
    static let focusRestMilliseconds: UInt32 = 150

    /// The user may open the photo at grid entry `index` next: its first click of a double
    /// click pressed it (decoded ahead at once), or keyboard focus moved onto it (once it
    /// rests there). The decode is the one the open would start (`ViewerPrefetch`).
    func openIsLikely(entryAt index: Int, cue: PhotoGrid.OpenCue) {
        focusRest?.cancel()
        focusRest = nil
        switch cue {
        case .pressed: prefetch(entryAt: index)
        case .focused:
            focusRest = TimerSource.after(milliseconds: Self.focusRestMilliseconds) { [weak self] in
                self?.focusRest = nil
                self?.prefetch(entryAt: index)
            }
        }
    }

    private func prefetch(entryAt index: Int) {
        guard !isOpen, let item = gallery.model.item(at: index), let member = item.members.first else { return }
        let cover = item.covers.first { $0.photoID == member.photoID }
        guard cover?.isMissing != true, cover?.isDamaged != true else { return }
        let page = window.contentSize
        let view = page.width > 1 && page.height > 1 ? Size(width: Double(page.width), height: Double(page.height)) : viewSize
        prefetched.prefetch(member.photoID, at: member.fileURL, box: displayBox(for: member, in: view))
    }

    /// Back to the grid, with keyboard focus on the tile of the photo that was on show.
    func close() {
        guard isOpen || browsing != nil else { return }
        browsing?.viewerClosed()
        browsing = nil
        let entry = currentTile?.entry
        if window.isViewerFullscreen { setFullscreen(false) }
        position = nil
        decoding?.cancel()
        decoded.values.forEach { $0.cancel() }
        decoded = [:]
        sharpening?.task.cancel()
        sharpening = nil
        viewer.show(title: "", preview: nil)
        window.showViewer(false)
        if let entry { window.grid.focus(index: entry) }
    }

    // MARK: Navigation

    /// The positions previous/next walk through: the stack's photos, or the grid's photos
    /// and stacks (a stack shows its top photo there).
    private func sequence() -> [Position] {
        guard let position else { return [] }
        if insideStack {
            guard let entry = gallery.model.index(of: position.tileID), let item = gallery.model.item(at: entry) else { return [] }
            return item.members.indices.map { Position(tileID: item.id, member: $0) }
        }
        return gallery.model.items.filter { !$0.members.isEmpty }.map { Position(tileID: $0.id, member: 0) }
    }

    func step(_ offset: Int) {
        if let browsing { return browsing.step(offset) }
        let all = sequence()
        guard let position, let here = all.firstIndex(of: position) else { return close() }
        let there = here + offset
        guard all.indices.contains(there) else { return }
        show(all[there])
    }

    private func jump(toLast last: Bool) {
        if let browsing { return browsing.jump(toLast: last) }
        guard let target = last ? sequence().last : sequence().first else { return }
        show(target)
    }

    // MARK: Showing a photo

    private func show(_ position: Position) {
        self.position = position
        guard let (item, _, member) = currentTile else { return close() }
        decoding?.cancel()
        sharpening?.task.cancel()
        sharpening = nil
        let all = sequence()
        let here = all.firstIndex(of: position) ?? 0
        viewer.setNavigation(hasPrevious: here > 0, hasNext: here + 1 < all.count)
        // The upright thumbnail: the viewer turns what it draws.
        let coverURL = item.covers.first { $0.photoID == member.photoID }?.thumbnailURL.shown(turnedBy: .upright)
        viewer.show(title: member.title, preview: coverURL.flatMap(thumbnails.cachedTexture(for:)), rotation: member.rotation,
                    photoSize: member.pixelSize)
        let cover = item.covers.first { $0.photoID == member.photoID }
        if cover?.isMissing == true {
            viewer.showMessage(tr("The file of “{title}” is missing from the library.", ["title": member.title]))
            return
        }
        if cover?.isDamaged == true {
            viewer.showMessage(tr("The file of “{title}” in the library is damaged.", ["title": member.title]))
            return
        }
        let library = gallery.library
        let wantsPreview = !viewer.hasPicture
        let full = fullImage(of: member, someoneWaits: true)
        decoding = Task { [weak self] in
            if wantsPreview, let image = try? await library.thumbnail(for: member.photoID, fittingBox: Self.previewBox) {
                guard !Task.isCancelled, let self, self.position == position, !self.viewer.hasPicture else { return }
                self.viewer.show(title: member.title, preview: Texture(image), rotation: self.viewer.rotation,
                                 photoSize: member.pixelSize)
            }
            let result = await full.value
            guard !Task.isCancelled, let self, self.position == position else { return }
            switch result {
            case .success(let decode):
                self.shownDecode = (decode.decodeCPUSeconds, decode.prepareCPUSeconds)
                self.viewer.showFullImage(Texture(decode.prepared))
            case .failure(let error): self.viewer.showMessage(error.message(title: member.title))
            }
            self.describe()
            self.decodeNeighbours(of: position)
        }
        describe()
    }

    /// The longest side of a decode at the display's size: the photo's longest side as it
    /// fits the view, in device pixels, so a fitted photo is drawn about one texture pixel
    /// to one screen pixel. With the cairo renderer, drawing a texture larger than what is
    /// shown costs main-thread CPU in proportion to its pixels (a 24-megapixel photo drawn
    /// whole cost most of a second a frame; at 2560 px, 40 ms; fitted, under 7 ms). Zooming
    /// past it decodes sharper (`sharpenIfZoomedPast`).
    private func displayBox(for member: GalleryItem.Member, in view: Size) -> Int {
        let deviceScale = Double(max(1, viewer.canvas.scaleFactor))
        guard view.width > 1 else { return 2560 }
        // 1 × 1 is "not known" (a library row from before sizes were recorded).
        let photo = member.pixelSize
        guard photo.width > 1 || photo.height > 1 else {
            return min(Self.fullImageBox, Int((max(view.width, view.height) * deviceScale).rounded(.up)))
        }
        let turned = member.rotation.applied(to: photo)
        let fit = min(1, view.width / Double(turned.width), view.height / Double(turned.height))
        let longest = Double(max(photo.width, photo.height)) * fit * deviceScale
        return min(Self.fullImageBox, max(64, Int(longest.rounded(.up))))
    }

    /// The viewer's size: on opening, its page is not laid out yet, and the window's size bounds it.
    private var viewSize: Size {
        viewer.zoom.viewSize.width > 1 ? viewer.zoom.viewSize
            : Size(width: Double(window.window.width), height: Double(window.window.height))
    }

    /// Decodes `url` fitting `box` and makes the texture of it, both off the main thread;
    /// `onTwoThreads` for a photo someone is waiting to see, from the photo's `entryPoint` if it
    /// has one (`DecodedImage.decode`).
    nonisolated static func decodeTexture(_ url: URL, box: Int, onTwoThreads: Bool = false,
                                          entryPoint: JPEGEntryPoint? = nil) async throws -> PreparedDecode<PreparedTexture> {
        try await DecodedImage.decode(fileAt: url, fittingBox: box, onTwoThreads: onTwoThreads, entryPoint: entryPoint) { image in
            PreparedTexture(width: image.width, height: image.height, rowStride: image.rowStride,
                            hasAlpha: image.hasAlpha, pixels: image.pixels)
        }
    }

    /// The full image of `member` at the display's size: decoded once, kept while it is on
    /// show or next to it.
    /// The photo decoded ahead (`prefetched`) is taken over when it is this one at this size.
    /// A decode started for the photo on show (`someoneWaits`: nothing had decoded it ahead)
    /// runs on two threads, the second from the photo's JPEG entry point when the background
    /// scan has found it; the neighbours' decodes, ahead of need, on one.
    private func fullImage(of member: GalleryItem.Member, someoneWaits: Bool = false) -> FullImage {
        if let task = decoded[member.photoID] { return task }
        let box = displayBox(for: member, in: viewSize)
        let (library, photo) = (gallery.library, member.photoID)
        let entryPoint: @Sendable () async -> JPEGEntryPoint? = { await library.jpegEntryPoint(for: photo) }
        let task = prefetched.take(member.photoID, box: box)
            ?? Self.fullImageTask(member.fileURL, box: box, onTwoThreads: someoneWaits, entryPoint: someoneWaits ? entryPoint : nil)
        decoded[member.photoID] = task
        return task
    }

    /// The full image of the file at `url` fitting `box`, or why it cannot be shown. Detached,
    /// so that the decode starts at once rather than once the main thread has finished the
    /// open: the decode's request went out 1–3 ms after the open instead of 4–6 ms (8 opens each).
    private static func fullImageTask(_ url: URL, box: Int, onTwoThreads: Bool = false,
                                      entryPoint: (@Sendable () async -> JPEGEntryPoint?)? = nil) -> FullImage {
        Task.detached {
            do {
                let entry = await entryPoint?()
                return .success(try await decodeTexture(url, box: box, onTwoThreads: onTwoThreads, entryPoint: entry))
            } catch {
                return .failure(ViewerError(reason: ErrorWording.reason(error)))
            }
        }
    }

    /// Zoomed past what the picture on show holds (or the view grew, as in fullscreen):
    /// decodes the photo on show sharper and shows it in place (the same view, more
    /// pixels). Half as much again as the size shown, so zooming on does not decode at
    /// every step, and no larger: every pixel of the texture costs at every draw.
    private func sharpenIfZoomedPast() {
        guard viewer.needsSharperPicture, let (_, _, member) = currentTile, let position else { return }
        let shown = viewer.zoom.imageRect
        let deviceScale = Double(max(1, viewer.canvas.scaleFactor))
        let box = min(Self.fullImageBox, Int((max(shown.width, shown.height) * deviceScale * 1.5).rounded(.up)))
        if let sharpening, sharpening.photo == member.photoID, sharpening.box >= box { return }
        sharpening?.task.cancel()
        let url = member.fileURL
        sharpening = (member.photoID, box, Task { [weak self] in
            guard let decode = try? await Self.decodeTexture(url, box: box),
                  !Task.isCancelled, let self, self.position == position else { return }
            self.viewer.showFullImage(Texture(decode.prepared))
        })
    }

    /// Decodes the previous and next photos ahead, and lets go of the others.
    private func decodeNeighbours(of position: Position) {
        let all = sequence()
        guard let here = all.firstIndex(of: position) else { return }
        let near = [here - 1, here, here + 1].filter(all.indices.contains).map { all[$0] }
        var keep: Set<PhotoID> = []
        for neighbour in near {
            guard let entry = gallery.model.index(of: neighbour.tileID), let item = gallery.model.item(at: entry),
                  item.members.indices.contains(neighbour.member) else { continue }
            let member = item.members[neighbour.member]
            keep.insert(member.photoID)
            _ = fullImage(of: member)
        }
        for (id, task) in decoded where !keep.contains(id) {
            task.cancel()
            decoded[id] = nil
        }
    }

    /// Names the photo for assistive technology and describes it: date, place, where it
    /// is in the sequence, and the zoom (or the message shown instead).
    private func describe() {
        if let browsing { return browsing.describe() }
        guard let (item, _, member) = currentTile, let position else { return }
        viewer.canvas.accessibleLabel = member.title
        var parts: [String] = []
        if position.member == 0 { parts.append(Self.dateFormatter.string(from: item.date)) }
        if position.member == 0, let place = item.placeName { parts.append(place) }
        let all = sequence()
        if let here = all.firstIndex(of: position) {
            parts.append(insideStack ? tr("Photo {number} of {count} in the stack", ["number": here + 1, "count": all.count])
                                 : tr("Photo {number} of {count}", ["number": here + 1, "count": all.count]))
        }
        switch viewer.shownState {
        case .none: break
        case .notYetKnown: return
        case .text(let state): parts.append(state)
        }
        viewer.canvas.accessibleDescription = parts.joined(separator: ". ")
    }

    // MARK: Keys and fullscreen

    /// Turns the photo on show (Ctrl+R, Ctrl+Shift+R, the bar's buttons).
    private func rotate(by rotation: PhotoRotation) {
        guard let (_, _, member) = currentTile else { return }
        gallery.rotate([member.photoID], by: rotation)
    }

    private func key(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let alt = modifiers.rawValue & GDK_ALT_MASK.rawValue != 0
        if alt, [GDK_KEY_Return, GDK_KEY_KP_Enter].contains(Int32(keyval)) {
            onShowDetails?()
            return true
        }
        guard !alt else { return false }
        switch Int32(keyval) {
        case GDK_KEY_Escape:
            if window.isViewerFullscreen { setFullscreen(false) } else { close() }
        // Left and Right go the way they point: right to left, Left is the next photo
        // (where the Next button stands). Page Up/Down keep reading order.
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
            let direction: LayoutDirection = viewer.root.isRightToLeft ? .rightToLeft : .leftToRight
            step(direction.indexStep(rightArrow: [GDK_KEY_Right, GDK_KEY_KP_Right].contains(Int32(keyval))))
        case GDK_KEY_Page_Up:
            step(-1)
        case GDK_KEY_Page_Down:
            step(1)
        case GDK_KEY_Home: jump(toLast: false)
        case GDK_KEY_End: jump(toLast: true)
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: viewer.change { $0.zoomIn() }
        case GDK_KEY_minus, GDK_KEY_KP_Subtract: viewer.change { $0.zoomOut() }
        case GDK_KEY_1 where !control, GDK_KEY_KP_1 where !control:
            viewer.change { $0.zoom(to: 1, snapsToFit: false) }
        case GDK_KEY_0, GDK_KEY_KP_0: viewer.change { $0.fit() }
        case GDK_KEY_F11: toggleFullscreen()
        case GDK_KEY_r where control, GDK_KEY_R where control: rotate(by: shift ? .left : .right)
        default: return false
        }
        return true
    }

    private func toggleFullscreen() { setFullscreen(!window.isViewerFullscreen) }

    private func setFullscreen(_ on: Bool) {
        window.setViewerFullscreen(on)
        // The icon first: setting it resets the accessible name.
        viewer.fullscreenButton.iconName = on ? "view-restore-symbolic" : "view-fullscreen-symbolic"
        viewer.fullscreenButton.accessibleLabel = on ? tr("Leave Fullscreen") : tr("Fullscreen")
    }
}

/// Why the viewer shows a message instead of a photo.
struct ViewerError: Error {
    var reason: String

    func message(title: String) -> String {
        tr("“{title}” cannot be shown: {reason}", ["title": title, "reason": reason])
    }
}

extension Texture {
    /// Wraps pixels decoded off the main thread.
    convenience init(_ image: DecodedImage) {
        self.init(width: image.width, height: image.height, rowStride: image.rowStride, hasAlpha: image.hasAlpha,
                  pixels: image.pixels)
    }
}
