import CPixbuf

/// 8-bit luminance, one byte per pixel, rows packed: zbar's "Y800" format.
package struct GreyImage {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    /// The luma of a decoded picture (BT.601 weights, in integers). Transparent pixels
    /// count as white, the usual background of a code on a transparent PNG.
    package init(_ pixbuf: Pixbuf) {
        width = pixbuf.width
        height = pixbuf.height
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf.pointer))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf.pointer))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf.pointer) != 0
        var grey = [UInt8](repeating: 255, count: width * height)
        if let source = gdk_pixbuf_read_pixels(pixbuf.pointer), channels >= 3 {
            let (width, height) = (width, height)
            grey.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = source + y * stride
                    for x in 0..<width {
                        let pixel = row + x * channels
                        var luma = (77 * Int(pixel[0]) + 150 * Int(pixel[1]) + 29 * Int(pixel[2])) >> 8
                        if hasAlpha {
                            let alpha = Int(pixel[3])
                            luma = (luma * alpha + 255 * (255 - alpha)) / 255
                        }
                        out[y * width + x] = UInt8(luma)
                    }
                }
            }
        }
        pixels = grey
    }
}
