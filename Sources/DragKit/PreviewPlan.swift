/// A preview's pose at one instant: where its centre is, its unscaled size, the scale the
/// renderer applies around the centre, its corner radius and opacity.
public struct PreviewFrame: Hashable, Sendable {
    public var center: Point
    public var size: Size
    public var scale: Double
    public var cornerRadius: Double
    public var opacity: Double

    public init(center: Point, size: Size, scale: Double = 1, cornerRadius: Double = 0, opacity: Double = 1) {
        self.center = center
        self.size = size
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }

    public init(_ shape: RoundedRect) {
        self.init(center: shape.rect.center, size: shape.rect.size, cornerRadius: shape.cornerRadius)
    }

    /// The rect actually covered on screen, scale applied.
    public var visibleRect: Rect {
        Rect(center: center, size: Size(width: size.width * scale, height: size.height * scale))
    }

    func interpolated(to other: PreviewFrame, by f: Double) -> PreviewFrame {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        return PreviewFrame(
            center: Point(x: mix(center.x, other.center.x), y: mix(center.y, other.center.y)),
            size: Size(width: mix(size.width, other.size.width), height: mix(size.height, other.size.height)),
            scale: mix(scale, other.scale), cornerRadius: mix(cornerRadius, other.cornerRadius),
            opacity: mix(opacity, other.opacity))
    }
}

/// One preview's trajectory: from a frame to a frame, after a delay, over a duration.
public struct PreviewTrack: Hashable, Sendable {
    public var from: PreviewFrame
    public var to: PreviewFrame
    /// Seconds.
    public var delay: Double
    /// Seconds.
    public var duration: Double
    public var easing: Easing

    public init(from: PreviewFrame, to: PreviewFrame, delay: Double = 0, duration: Double, easing: Easing) {
        self.from = from
        self.to = to
        self.delay = delay
        self.duration = duration
        self.easing = easing
    }

    public var endTime: Double { delay + duration }

    /// The frame `time` seconds after the plan starts.
    public func frame(at time: Double) -> PreviewFrame {
        let linear = duration > 0 ? (time - delay) / duration : (time >= delay ? 1 : 0)
        return from.interpolated(to: to, by: easing(linear))
    }
}

/// Pure geometry for one animation of drag previews, which the GTK side only plays back:
/// evaluate `frames(at:)` on each frame-clock tick until `duration`.
public struct PreviewPlan: Hashable, Sendable {
    /// One per item, in the drag's order.
    public var tracks: [PreviewTrack]
    /// The scale of the delete zone's trash icon, when the plan animates it.
    public var iconScale: Keyframes?
    /// Seconds: when the last track ends.
    public var duration: Double { tracks.map(\.endTime).max() ?? 0 }

    public init(tracks: [PreviewTrack], iconScale: Keyframes? = nil) {
        self.tracks = tracks
        self.iconScale = iconScale
    }

    public func frames(at time: Double) -> [PreviewFrame] { tracks.map { $0.frame(at: time) } }

    /// The icon's scale `time` seconds in (1 when the plan has no icon).
    public func iconScale(at time: Double) -> Double {
        guard let iconScale else { return 1 }
        return iconScale.value(at: duration > 0 ? time / duration : 1)
    }
}

extension PreviewPlan {
    /// Lift: each item rises from its visible shape on screen to its preview rect, taking the
    /// preview's rounded corners. Items are paired with `previewRects` in order.
    public static func lift(from shapes: [RoundedRect], to previewRects: [Rect],
                            cornerRadius: Double = 12, duration: Double = 0.25) -> PreviewPlan {
        precondition(shapes.count == previewRects.count, "one preview rect per lifted item")
        let tracks = zip(shapes, previewRects).map { shape, rect in
            PreviewTrack(from: PreviewFrame(shape),
                         to: PreviewFrame(RoundedRect(rect, cornerRadius: cornerRadius)),
                         duration: duration, easing: .easeOutCubic)
        }
        return PreviewPlan(tracks: tracks)
    }

    /// Cancel: every item flies from the drag location back to where it came from. Farther
    /// items take a little longer (up to `maximumDuration`), so the stack unfolds instead of
    /// snapping back all at once.
    public static func cancel(from dragLocation: Point, previewSize: Size, cornerRadius: Double = 12,
                              backTo origins: [RoundedRect], minimumDuration: Double = 0.25,
                              maximumDuration: Double = 0.45) -> PreviewPlan {
        let start = PreviewFrame(center: dragLocation, size: previewSize, cornerRadius: cornerRadius)
        let tracks = origins.map { origin in
            let distance = dragLocation.distance(to: origin.rect.center)
            let duration = minimumDuration + (maximumDuration - minimumDuration) * min(1, distance / 1000)
            return PreviewTrack(from: start, to: PreviewFrame(origin), duration: duration, easing: .easeOutCubic)
        }
        return PreviewPlan(tracks: tracks)
    }

    /// Dropping into the delete zone: each item shrinks to 10% while its centre moves onto
    /// the trash icon's centre; the icon swells to 1.25 and settles back to 1.
    public static func deleteZoneDrop(from dragLocation: Point, previewSize: Size, cornerRadius: Double = 12,
                                      itemCount: Int, iconCenter: Point, duration: Double = 0.35) -> PreviewPlan {
        let start = PreviewFrame(center: dragLocation, size: previewSize, cornerRadius: cornerRadius)
        var end = start
        end.center = iconCenter
        end.scale = 0.1
        let track = PreviewTrack(from: start, to: end, duration: duration, easing: .easeInOutCubic)
        return PreviewPlan(tracks: Array(repeating: track, count: itemCount),
                           iconScale: Keyframes([.init(0, 1), .init(0.5, 1.25), .init(1, 1)]))
    }

    /// Dropping onto a placeholder: the preview moves from the drag location into the new
    /// cell (from `GridGeometry.frame(at:)`), taking the cell's size and corners.
    public static func placeholderDrop(from dragLocation: Point, previewSize: Size, cornerRadius: Double = 12,
                                       into cells: [Rect], cellCornerRadius: Double = 0,
                                       duration: Double = 0.3) -> PreviewPlan {
        let start = PreviewFrame(center: dragLocation, size: previewSize, cornerRadius: cornerRadius)
        let tracks = cells.map { cell in
            PreviewTrack(from: start, to: PreviewFrame(RoundedRect(cell, cornerRadius: cellCornerRadius)),
                         duration: duration, easing: .easeOutCubic)
        }
        return PreviewPlan(tracks: tracks)
    }
}
