import Foundation

/// Finds the image files in a folder tree for a folder import.
enum ImageFileFinder {
    /// Extensions of the formats a photo library takes (checked again by decoding).
    static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "tif", "tiff", "bmp", "heic", "heif", "avif",
    ]

    /// Image files under `directory`, recursively, in natural name order. Hidden files
    /// and folders are skipped, and folder links are not followed (no loops).
    static func images(in directory: URL, limit: Int) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LibraryError.notADirectory(directory)
        }
        var found: [URL] = []
        var pending = [directory]
        while let folder = pending.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append(url)
                case S_IFREG, S_IFLNK:
                    guard imageExtensions.contains(url.pathExtension.lowercased()) else { continue }
                    found.append(url)
                    if found.count > limit { throw LibraryError.tooManyFiles(directory, found: found.count, limit: limit) }
                default:
                    continue
                }
            }
        }
        return found.sorted { $0.path.compare($1.path, options: [.numeric]) == .orderedAscending }
    }
}
