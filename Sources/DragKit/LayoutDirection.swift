/// Which way a row of the grid reads. Under a right-to-left language (Arabic, Hebrew; or
/// `GTK_DEBUG=invert-text-dir`) the first photo is at the right, the grid fills leftwards,
/// and the arrow keys follow what the user sees: Left goes to the next photo.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft

    /// How far in reading order a horizontal arrow key moves: +1 (the next item) or −1.
    public func indexStep(rightArrow: Bool) -> Int {
        (rightArrow ? 1 : -1) * (self == .leftToRight ? 1 : -1)
    }
}
