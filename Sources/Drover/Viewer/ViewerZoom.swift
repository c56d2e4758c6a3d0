import DragKit

/// Where the photo viewer draws its photo: the zoom (in screen pixels per image pixel)
/// and the image point at the middle of the view. Plain arithmetic, after Loupe's:
/// "fit" never enlarges a small photo, zooming keeps the image point under the pointer
/// where it is, a zoomed photo cannot be panned off the view, and a zoom within a quarter
/// step of fitting snaps to fit.
struct ViewerZoom: Equatable {
    static let step = 1.25
    static let maximum = 20.0

    private(set) var imageSize = Size(width: 1, height: 1)
    private(set) var viewSize = Size(width: 1, height: 1)
    /// nil while the photo fits the view (it follows the view's size).
    private(set) var explicitZoom: Double?
    /// The image point shown at the middle of the view.
    private(set) var centre = Point(x: 0.5, y: 0.5)

    var fitZoom: Double {
        min(1, viewSize.width / imageSize.width, viewSize.height / imageSize.height)
    }
    var zoom: Double { explicitZoom ?? fitZoom }
    /// Whether the view has been laid out: before, every zoom is a guess (a fitted photo
    /// would read as 0%).
    var knowsViewSize: Bool { viewSize.width > 1 && viewSize.height > 1 }
    var isFit: Bool { explicitZoom == nil }

    /// True when the photo is larger than the view in some direction, so a drag pans it
    /// (and does not drag the photo out, as in Loupe).
    var canPan: Bool {
        imageSize.width * zoom > viewSize.width + 0.5 || imageSize.height * zoom > viewSize.height + 0.5
    }

    /// The photo's rectangle in view coordinates.
    var imageRect: Rect {
        let width = imageSize.width * zoom, height = imageSize.height * zoom
        return Rect(x: viewSize.width / 2 - centre.x * zoom, y: viewSize.height / 2 - centre.y * zoom,
                    width: width, height: height)
    }

    /// A new photo: shown to fit.
    mutating func show(imageSize size: Size) {
        imageSize = Size(width: max(1, size.width), height: max(1, size.height))
        explicitZoom = nil
        centre = Point(x: imageSize.width / 2, y: imageSize.height / 2)
    }

    /// The same photo in more pixels (the full image after its thumbnail): the view
    /// stays on the same part of the photo at the same size on screen.
    mutating func rescale(toImageSize size: Size) {
        let factor = max(1, size.width) / imageSize.width
        let zoom = explicitZoom.map { $0 / factor }
        let centre = Point(x: self.centre.x * factor, y: self.centre.y * factor)
        imageSize = Size(width: max(1, size.width), height: max(1, size.height))
        explicitZoom = zoom
        self.centre = centre
        clamp()
    }

    mutating func resize(view size: Size) {
        viewSize = Size(width: max(1, size.width), height: max(1, size.height))
        clamp()
    }

    mutating func fit() {
        explicitZoom = nil
        clamp()
    }

    /// Zooms to `newZoom`, keeping the image point under `anchor` (view coordinates;
    /// the middle of the view when nil) where it is.
    mutating func zoom(to newZoom: Double, about anchor: Point? = nil, snapsToFit: Bool = true) {
        let anchor = anchor ?? Point(x: viewSize.width / 2, y: viewSize.height / 2)
        let old = zoom
        let target = min(Self.maximum, max(fitZoom, newZoom))
        let underAnchor = Point(x: centre.x + (anchor.x - viewSize.width / 2) / old,
                                y: centre.y + (anchor.y - viewSize.height / 2) / old)
        let snapLimit = fitZoom * (1 + (Self.step - 1) / 4)
        explicitZoom = snapsToFit && target <= snapLimit || target <= fitZoom ? nil : target
        let now = zoom
        centre = Point(x: underAnchor.x - (anchor.x - viewSize.width / 2) / now,
                       y: underAnchor.y - (anchor.y - viewSize.height / 2) / now)
        clamp()
    }

    mutating func zoomIn(about anchor: Point? = nil) { zoom(to: zoom * Self.step, about: anchor) }
    mutating func zoomOut(about anchor: Point? = nil) { zoom(to: zoom / Self.step, about: anchor) }

    /// Moves the photo by a pointer movement of (dx, dy) view pixels.
    mutating func pan(dx: Double, dy: Double) {
        centre = Point(x: centre.x - dx / zoom, y: centre.y - dy / zoom)
        clamp()
    }

    /// Keeps the view on the photo: centred along a side the photo does not fill, and
    /// never past the photo's edges along one it does.
    private mutating func clamp() {
        let zoom = self.zoom
        func clamped(_ value: Double, image: Double, view: Double) -> Double {
            let halfView = view / 2 / zoom
            guard image > 2 * halfView else { return image / 2 }
            return min(max(value, halfView), image - halfView)
        }
        centre = Point(x: clamped(centre.x, image: imageSize.width, view: viewSize.width),
                       y: clamped(centre.y, image: imageSize.height, view: viewSize.height))
    }
}
