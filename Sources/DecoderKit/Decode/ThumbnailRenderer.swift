import Foundation

/// The decode itself: an image file in, a thumbnail (PNG or JPEG) out, or for Drover to read
/// back the decoded pixels, a region's pixels or the QR codes in them (`Request.Product`). It
/// runs only inside the `drover-decode` helper process (see `DecoderHelper`), never in
/// Drover's own process, because the bytes are untrusted and a decoder can be made to spin or
/// grow without end.
package enum ThumbnailRenderer {
    package enum Failure: Error, Equatable {
        /// The file could not be opened or read.
        case file(String)
        /// The bytes do not decode.
        case decode(String)
        /// The bytes decode only with pixels made up (`JPEGDecoder`'s policy); the decoder's words.
        case damaged(ImageDamage, String)
        /// The decoder ran out of memory (gdk-pixbuf's "insufficient memory").
        case memory(String)
        /// The header announced more pixels than the limit; nothing was decoded.
        case tooManyPixels(PixelSize)
        /// The thumbnail could not be written; `errno` tells a full disk from other failures.
        case write(errno: Int32, String)

        /// How a failed load is told: by its kind, in the decoder's words.
        init(_ error: Pixbuf.LoadError) {
            if let size = error.tooManyPixels { self = .tooManyPixels(size) }
            else if error.isFileError { self = .file(error.message) }
            else if error.isOutOfMemory { self = .memory(error.message) }
            else if let damage = error.damage { self = .damaged(damage, error.message) }
            else { self = .decode(error.message) }
        }
    }

    /// Decodes the image on `descriptor` scaled down (never up) to fit `box`×`box`, upright
    /// by its EXIF orientation (`Pixbuf.load` applies it, with `orientation` for a PNG or
    /// WebP, which the child read with `ExifReader`), and writes it in `format` to
    /// `output`, a descriptor of a temporary file the caller renames (or removes on failure);
    /// both descriptors are used up. Another `product` writes the decoded pixels, a region's,
    /// or the QR codes in them instead (`DecoderHelper.Request.Product`). Returns the
    /// upright full size. Opens no path: it runs inside the confined decode child.
    /// `onTwoThreads`: a JPEG is decoded on two threads (`JPEGDecoder`), from `entryPoint` if given.
    /// The QR codes' file also says where a second decoder can start the scan of a large
    /// JPEG (`JPEGEntryPoint`), found here, on the same file, before the decode.
    package static func render(descriptor: Int32, box: Int, maxPixels: Int? = nil, format: ThumbnailFormat,
                               product: DecoderHelper.Request.Product = .thumbnail, fullSize: PixelSize?, orientation: Int?,
                               onTwoThreads: Bool = false, entryPoint: JPEGEntryPoint? = nil,
                               to output: Int32) throws(Failure) -> PixelSize {
        let loaded: (Pixbuf, uprightFullSize: PixelSize?)
        let foundEntryPoint = product == .qrCodes ? JPEGEntryPoint.find(descriptor: descriptor) : nil
        do {
            defer { close(descriptor) }
            loaded = try Pixbuf.load(descriptor: descriptor, fittingBox: box, maxPixels: maxPixels, fullSize: fullSize,
                                     orientationNotAppliedByLoader: orientation, onTwoThreads: onTwoThreads,
                                     entryPoint: entryPoint)
        } catch {
            close(output)
            throw Failure(error)
        }
        let picture = loaded.0
        let decodedSize = PixelSize(width: picture.width, height: picture.height)
        let code: Int32
        switch product {
        case .thumbnail: code = picture.saveThumbnail(as: format, to: output)
        case .pixels: code = PixelsFile.write(picture, to: output)
        case .crop(let rect, let size):
            let region = rect.scaled(from: size, to: decodedSize).clamped(to: decodedSize)
            guard !region.isEmpty, let crop = picture.cropped(to: region) else {
                close(output)
                throw .decode("the region lies outside the picture")
            }
            code = PixelsFile.write(crop, to: output)
        case .qrCodes:
            code = QRCodesFile.write(QRCodesFile.Scan(scanned: decodedSize, codes: ZBarScan.qrCodes(in: GreyImage(picture)),
                                                      entryPoint: foundEntryPoint),
                                     to: output)
        case .exif, .asSeen:
            // The child answers these before this decode (`DecoderHelper`): nothing to write.
            close(output)
            code = 0
        }
        if code != 0 { throw .write(errno: code, String(cString: strerror(code))) }
        return loaded.uprightFullSize ?? PixelSize(width: loaded.0.width, height: loaded.0.height)
    }

    /// The same from and to paths, in the calling process, unconfined: only for measuring
    /// the decode itself (DecodeIsolationBenchmark). `output` must not exist: it is created
    /// here (O_EXCL), so the file removed on a failure is provably this call's.
    package static func render(path: String, box: Int, format: ThumbnailFormat, fullSize: PixelSize?,
                               to output: String) throws(Failure) -> PixelSize {
        let image = open(path, O_RDONLY | O_CLOEXEC)
        guard image >= 0 else { throw .file(String(cString: strerror(errno))) }
        let thumbnail = open(output, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard thumbnail >= 0 else {
            let code = errno
            close(image)
            throw .write(errno: code, String(cString: strerror(code)))
        }
        do {
            // As the child does: the EXIF first, then the decode.
            let orientation = ExifReader.read(descriptor: image).orientationNotAppliedByLoader
            return try render(descriptor: image, box: box, format: format, fullSize: fullSize, orientation: orientation, to: thumbnail)
        } catch {
            unlink(output)
            throw error
        }
    }
}
