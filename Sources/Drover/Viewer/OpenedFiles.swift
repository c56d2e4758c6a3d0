import Foundation
import ImageFormats

/// The files a `drover FILE…` (or "Open With Drover" in a file manager) shows in the
/// viewer without importing them, and which of them is on show: previous and next walk
/// through them. One file opens with the images of its folder around it, as Loupe does;
/// several files are the sequence themselves, in the order given. No GTK: tested in
/// DroverTests.
struct OpenedFiles: Equatable {
    private(set) var files: [URL]
    private(set) var index: Int

    /// `opened` (at least one file): one file with its folder's images, several as given.
    init(opening opened: [URL], folderListing: (URL) -> [URL] = OpenedFiles.folderImages(around:)) {
        precondition(!opened.isEmpty, "nothing to open")
        if opened.count == 1 {
            // By path: a URL made relative to a working folder is not equal to the same file listed.
            let listed = folderListing(opened[0])
            if let here = listed.firstIndex(where: { $0.path == opened[0].path }) {
                files = listed
                index = here
            } else {
                files = [opened[0]]
                index = 0
            }
        } else {
            files = opened
            index = 0
        }
    }

    var current: URL { files[index] }
    var hasPrevious: Bool { index > 0 }
    var hasNext: Bool { index + 1 < files.count }

    /// Steps by `offset` (−1 previous, +1 next); false at either end, where nothing changes.
    mutating func step(_ offset: Int) -> Bool {
        guard files.indices.contains(index + offset) else { return false }
        index += offset
        return true
    }

    /// Jumps to the first or the last file; false when already there.
    mutating func jump(toLast last: Bool) -> Bool {
        let target = last ? files.count - 1 : 0
        guard target != index else { return false }
        index = target
        return true
    }

    /// Whether a file's name says it is an image Drover reads (by the extension, as
    /// ImageFormats' table lists them; case does not matter).
    static func isImageName(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        let ext = (name as NSString).pathExtension.lowercased()
        return !ext.isEmpty && imageExtensions.contains(ext)
    }

    private static let imageExtensions = Set(ImageFormat.photoFormats.flatMap(\.fileExtensions))

    /// Names in the order a file manager shows them: numbers by value ("2" before "10"),
    /// case ignored, then by their exact text so the order is total.
    static func sortedByName(_ names: [String]) -> [String] {
        names.sorted { a, b in
            switch a.compare(b, options: [.caseInsensitive, .numeric]) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a < b
            }
        }
    }

    /// The images in `file`'s folder (not hidden ones, not folders), sorted by name, as
    /// file URLs in the same form as `file`. An unreadable folder gives just `file`.
    static func folderImages(around file: URL) -> [URL] {
        let folder = file.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [file] }
        let images = names.filter { name in
            var isFolder: ObjCBool = false
            return isImageName(name)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        return sortedByName(images).map { folder.appendingPathComponent($0).standardizedFileURL }
    }
}
