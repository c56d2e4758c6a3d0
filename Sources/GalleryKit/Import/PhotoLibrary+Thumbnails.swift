import DecoderKit
import Foundation
import GRDB

extension PhotoLibrary {
    /// The photo's thumbnail decoded at display size (fitting `box`×`box`, never larger
    /// than the cached thumbnail), off the caller's thread. A missing or damaged
    /// thumbnail is made again from the library's copy of the photo.
    ///
    /// - Throws: `LibraryError.photoNotFound`, `LibraryError.photoFileMissing` (show the
    ///   "missing" tile), or `ImportFailureReason.corrupt` if the thumbnail cannot be read.
    public func thumbnail(for photoID: PhotoID, fittingBox box: Int) async throws -> DecodedImage {
        guard let photo = try await photos(withIDs: [photoID]).first else { throw LibraryError.photoNotFound(photoID) }
        let preparer = self.preparer
        return try await BlockingWork.run {
            let thumbnailPath = photo.thumbnailURL.path
            func regenerate() throws {
                guard access(photo.fileURL.path, F_OK) == 0 else { throw LibraryError.photoFileMissing(photoID) }
                try preparer.makeThumbnail(of: photo.fileURL.path, fileName: photo.fileURL.lastPathComponent,
                                           format: photo.thumbnailFormat)
            }
            if access(thumbnailPath, R_OK) != 0 { try regenerate() }
            do {
                return try DecodedImage.decodeNow(path: thumbnailPath, fittingBox: box)
            } catch {
                // A damaged cache file (say, cut short by a power failure) is made again.
                try regenerate()
                return try DecodedImage.decodeNow(path: thumbnailPath, fittingBox: box)
            }
        }
    }
}
