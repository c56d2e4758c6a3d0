// GalleryKit/Metadata: what a photo's EXIF says, read with libexif from the block
// ImageFormats' walkers find: date taken, position (and its formats: geo: URI, GeoJSON),
// orientation. The town near a position is Places/'; the bytes are ImageFormats'.

import CExif
import Foundation
import ImageFormats

/// Everything the details view shows about one photo: its row, its file's size, the
/// camera from its EXIF, its QR codes' texts and the albums holding it.
public struct PhotoDetails: Sendable, Hashable {
    public let photo: Photo
    /// The library copy's size in bytes; nil when the file is missing.
    public let fileSize: Int64?
    public let cameraMake: String?
    public let cameraModel: String?
    public let qrTexts: [String]
    public let albumNames: [String]

    /// "Canon EOS 5D Mark IV": the model, with the make in front unless the model already
    /// names it (as most do).
    public var camera: String? {
        guard let model = cameraModel else { return cameraMake }
        guard let make = cameraMake, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first ?? "") else {
            return model
        }
        return "\(make) \(model)"
    }
}

extension PhotoLibrary {
    /// The details of `photoID`, read now (the camera from the file's EXIF, off the caller's thread).
    ///
    /// - Throws: `LibraryError.photoNotFound`.
    public func details(of photoID: PhotoID) async throws -> PhotoDetails {
        guard let photo = try await photos(withIDs: [photoID]).first else { throw LibraryError.photoNotFound(photoID) }
        let codes = try await qrCodes(for: photoID)
        let location = location
        let albums = try await read { db in
            try ItemLoader(db: db, location: location).albumNames([photoID])[photoID] ?? []
        }
        let path = photo.fileURL.path
        let (size, make, model) = await BlockingWork.run { () -> (Int64?, String?, String?) in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
            let exif = ExifBlockFinder.find(path: path).flatMap(LoadedExif.init)
            func text(_ tag: ExifTag) -> String? {
                exif?.text(tag, in: EXIF_IFD_0)?.trimmingCharacters(in: .whitespaces).nonEmpty
            }
            return (size, text(EXIF_TAG_MAKE), text(EXIF_TAG_MODEL))
        }
        return PhotoDetails(photo: photo, fileSize: size, cameraMake: make, cameraModel: model,
                            qrTexts: codes.map(\.text), albumNames: albums)
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
