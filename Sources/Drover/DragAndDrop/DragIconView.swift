import CGtk
import Foundation
import GtkKit

/// The drag icon: up to four thumbnails fanned like a hand of cards, the top
/// one last, with a count badge when more than one photo travels. It is a
/// live widget, so it updates while the drag goes on (items flock in).
@MainActor
final class DragIconView {
    static let size: Int32 = 132
    static let maximumCards = 4

    let root = Overlay()
    private var cards: [Picture] = []
    private let badge = Label()
    private let thumbnails: ThumbnailCache
    private var loads: [Task<Void, Never>] = []

    init(thumbnails: ThumbnailCache) {
        self.thumbnails = thumbnails
        root.addCSSClass("drag-icon")
        root.setSizeRequest(width: Self.size, height: Self.size)
        let base = Box(GTK_ORIENTATION_VERTICAL)
        base.setSizeRequest(width: Self.size, height: Self.size)
        root.setChild(base)
        for _ in 0..<Self.maximumCards {
            let card = Picture()
            card.setContentFit(GTK_CONTENT_FIT_COVER)
            card.setCanShrink(true)
            card.addCSSClass("drag-card")
            card.isVisible = false
            cards.append(card)
            root.addOverlay(card)
        }
        badge.addCSSClass("count-badge")
        badge.horizontalAlignment = GTK_ALIGN_END
        badge.verticalAlignment = GTK_ALIGN_START
        root.addOverlay(badge)
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
}
