// GalleryKit/Metadata: what a photo's EXIF says (date taken, position and its formats:
// geo: URI, GeoJSON; the camera), as the confined decode child read it (PhotoExif; the
// reading is DecoderKit's Exif/). The town near a position is Places/'.

import Foundation

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
    /// The details of `photoID`, read now (the camera from the file's EXIF, read by a decode
    /// child, off the caller's thread).
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
            // A missing file has no EXIF to read (and no child to start for it).
            guard size != nil else { return (nil, nil, nil) }
            let exif = PhotoExif.read(path: path)
            return (size, exif.cameraMake, exif.cameraModel)
        }
        return PhotoDetails(photo: photo, fileSize: size, cameraMake: make, cameraModel: model,
                            qrTexts: codes.map(\.text), albumNames: albums)
    }
}
