import CZBar

/// One code as zbar reports it, in the scanned image's pixels.
package struct ZBarSymbol: Equatable {
    package var text: String
    package var points: [PixelCorner]

    package init(text: String, points: [PixelCorner]) {
        self.text = text
        self.points = points
    }
}

/// A pixel of the scanned image that zbar names as a corner of a code.
package struct PixelCorner: Equatable {
    package var x: Int
    package var y: Int

    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// Finds every QR code in a grey image with zbar's C API. Blocking; a fresh scanner per
/// call, so calls on different threads share nothing.
package enum ZBarScan {
    package static func qrCodes(in image: GreyImage) -> [ZBarSymbol] {
        guard image.width > 0, image.height > 0, let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        // QR only: the other symbologies cost time and find false barcodes in photos.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        // Corner points are only collected when asked for.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_POSITION, 1)

        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, fourCC("Y800"))
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))

        var symbols: [ZBarSymbol] = []
        image.pixels.withUnsafeBufferPointer { buffer in
            // No cleanup handler: the buffer is Swift's, and outlives the zbar image's use of it.
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return }
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                defer { symbol = zbar_symbol_next(current) }
                guard zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) else { continue }
                let length = Int(zbar_symbol_get_data_length(current))
                let text = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
                let count = zbar_symbol_get_loc_size(current)
                let points = (0..<count).map { index in
                    PixelCorner(x: Int(zbar_symbol_get_loc_x(current, index)), y: Int(zbar_symbol_get_loc_y(current, index)))
                }
                symbols.append(ZBarSymbol(text: text, points: points))
            }
            // zbar keeps the data pointer; clear it before the buffer goes.
            zbar_image_set_data(zimage, nil, 0, nil)
        }
        return symbols
    }

    /// zbar's image format code: four ASCII characters, the first in the low byte.
    private static func fourCC(_ code: String) -> UInt {
        code.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt($1.element) << (8 * UInt($1.offset)) }
    }
}
