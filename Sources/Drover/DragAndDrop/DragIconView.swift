import CGtk
import DragKit
import Foundation
import GtkKit

/// The drag icon: up to four thumbnails fanned like a hand of cards, the top
/// one last, with a count badge when more than one photo travels. It is a
/// live widget, so it updates while the drag goes on (items flock in), and a
/// photo with a location morphs into a platter (thumbnail, place, coordinates).
@MainActor
final class DragIconView {
    static let size: Int32 = 132
    static let maximumCards = 4

    /// The fanned stack of photos: the drag icon at lift.
    let fan = Overlay()
    /// The location platter; the drag swaps its icon to it mid-drag. It has
    /// the fan's size: GTK 4.8 does not resize a drag icon's surface when its
    /// child changes, so a bigger platter would be clipped.
    let platter = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    private var fadeIn: TimerSource?
    private let platterPicture = Picture()
    private let platterPlace = Label()
    private let platterCoordinates = Label()
    private var cards: [Picture] = []
    private let badge = Label()
    private let thumbnails: ThumbnailCache
    private var loads: [Task<Void, Never>] = []

    init(thumbnails: ThumbnailCache) {
        self.thumbnails = thumbnails
        fan.addCSSClass("drag-icon")
        HighContrast.follow(fan)
        HighContrast.follow(platter)
        fan.setSizeRequest(width: Self.size, height: Self.size)
        let base = Box(GTK_ORIENTATION_VERTICAL)
        base.setSizeRequest(width: Self.size, height: Self.size)
        fan.setChild(base)
        buildPlatter()
        for _ in 0..<Self.maximumCards {
            let card = Picture()
            card.setContentFit(GTK_CONTENT_FIT_COVER)
            card.setCanShrink(true)
            card.addCSSClass("drag-card")
            card.isVisible = false
            cards.append(card)
            fan.addOverlay(card)
        }
        badge.addCSSClass("count-badge")
        badge.horizontalAlignment = GTK_ALIGN_END
        badge.verticalAlignment = GTK_ALIGN_START
        fan.addOverlay(badge)
    }

    /// Shows the last `maximumCards` of `covers` (the top of the stack last) and `count`.
    func show(covers: [URL], count: Int) {
        loads.forEach { $0.cancel() }
        loads = []
        let shown = Array(covers.suffix(Self.maximumCards))
        // Cards are drawn in order, so the top photo (last) uses the last card.
        let firstCard = Self.maximumCards - shown.count
        for (index, card) in cards.enumerated() {
            guard index >= firstCard else { card.isVisible = false; card.setTexture(nil); continue }
            let url = shown[index - firstCard]
            card.isVisible = true
            // Fanned from the top card down: the top one straight, the others turned.
            let depth = Self.maximumCards - 1 - index
            for level in 0..<Self.maximumCards { card.setCSSClass("fan-\(level)", level == depth) }
            if let texture = thumbnails.cachedTexture(for: url) {
                card.setTexture(texture)
            } else {
                loads.append(Task { [thumbnails] in card.setTexture(await thumbnails.texture(for: url)) })
            }
        }
        badge.isVisible = count > 1
        badge.text = "\(count)"
    }

    private func buildPlatter() {
        platter.addCSSClass("location-platter")
        platter.setSizeRequest(width: Self.size, height: Self.size)
        platterPicture.setContentFit(GTK_CONTENT_FIT_COVER)
        platterPicture.setCanShrink(true)
        platterPicture.setSizeRequest(width: -1, height: 58)
        platterPicture.addCSSClass("platter-photo")
        platterPlace.addCSSClass("platter-place")
        platterPlace.setWraps(true)
        platterPlace.maximumLines = 2
        platterPlace.setEllipsizes(true)
        platterPlace.xAlign = 0
        platterCoordinates.addCSSClass("platter-coordinates")
        platterCoordinates.xAlign = 0
        platter.append(platterPicture)
        platter.append(platterPlace)
        platter.append(platterCoordinates)
    }

    /// Fills the location platter (the photo, its place, its coordinates) and
    /// fades it in over 200 ms, so the morph from the photo is animated.
    func showPlatter(cover: URL?, place: String, coordinates: String) {
        platterPlace.text = place
        platterCoordinates.text = coordinates
        platterPicture.setTexture(cover.flatMap(thumbnails.cachedTexture(for:)))
        fadeIn?.cancel()
        fadeIn = nil
        // The morph is a fade-in; with reduced motion the platter is simply there.
        let duration = Motion.duration(0.2, named: "platter")
        guard duration > 0 else {
            platter.opacity = 1
            return
        }
        platter.opacity = 0.3
        // A GLib timer, not a tick callback: the drag icon's frame clock does
        // not run tick callbacks on X11, while plain redraws still reach it.
        let start = g_get_monotonic_time()
        fadeIn = TimerSource.timeout(milliseconds: 16) { [weak self] in
            guard let self else { return false }
            let progress = min(1, Double(g_get_monotonic_time() - start) / 1_000_000 / duration)
            self.platter.opacity = 0.3 + 0.7 * Easing.easeOutCubic(progress)
            return progress < 1
        }
    }
}
