import DecoderKit

extension Pixbuf {
    /// `Pixbuf.load` for decodes in Drover's own process (QR scans, crops, samples), with
    /// the EXIF orientation of a PNG or WebP read here (`ExifOrientation`).
    static func load(path: String, fittingBox box: Int, fullSize: PixelSize?) throws(LoadError) -> (Pixbuf, uprightFullSize: PixelSize?) {
        try load(path: path, fittingBox: box, fullSize: fullSize,
                 orientationNotAppliedByLoader: ExifOrientation.notAppliedByLoader(path: path))
    }
}
