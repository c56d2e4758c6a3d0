import ImageFormats
import Foundation

/// What a folder import found: the image files to import, and every other entry with
/// the reason it is skipped. Folders that were looked into are not entries themselves;
/// everything else is exactly one of the two.
struct FolderScan: Sendable {
    var images: [URL] = []
    var skipped: [ImportSkip] = []
}

/// Finds the image files in a folder tree for a folder import: each regular file is judged
/// by its content (`ImportContentRule`, the rule a file imported alone meets), not its name.
///
/// It lists folders by their bytes (`opendir`/`readdir`), not through `String` paths,
/// so an entry whose name is not valid UTF-8 is seen and reported rather than lost.
/// Such an entry is skipped, not imported: an import source is a `URL`, and the library
/// stores names as text.
enum ImageFileFinder {
    /// Image files under `directory`, recursively, in natural name order, and every entry
    /// skipped with its reason. Hidden files and folders are skipped, and links to folders
    /// are not followed (no loops).
    ///
    /// - Throws: `LibraryError.notADirectory`, or `LibraryError.tooManyFiles` past `limit` images.
    static func scan(_ directory: URL, limit: Int) throws -> FolderScan {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LibraryError.notADirectory(directory)
        }
        var scan = FolderScan()
        var pending = [(url: directory, bytes: fileSystemBytes(directory))]
        while let folder = pending.popLast() {
            let listed = entries(of: folder.bytes)
            if let reason = listed.failure { scan.skipped.append(ImportSkip(pathBytes: folder.bytes, reason: reason)) }
            for name in listed.names {
                let path = (folder.bytes == [UInt8(ascii: "/")] ? [] : folder.bytes) + [UInt8(ascii: "/")] + name
                switch classify(name: name, path: path) {
                case .skip(let reason):
                    scan.skipped.append(ImportSkip(pathBytes: path, reason: reason))
                case .folder:
                    // The name is valid text: `classify` checked.
                    pending.append((folder.url.appendingPathComponent(String(decoding: name, as: UTF8.self), isDirectory: true), path))
                case .image:
                    scan.images.append(folder.url.appendingPathComponent(String(decoding: name, as: UTF8.self)))
                    if scan.images.count > limit {
                        throw LibraryError.tooManyFiles(directory, found: scan.images.count, limit: limit)
                    }
                }
            }
        }
        scan.images.sort { $0.path.compare($1.path, options: [.numeric]) == .orderedAscending }
        scan.skipped.sort { $0.path.compare($1.path, options: [.numeric]) == .orderedAscending }
        return scan
    }

    private enum Entry {
        case image, folder
        case skip(ImportSkip.Reason)
    }

    private static func classify(name: [UInt8], path: [UInt8]) -> Entry {
        if name.first == UInt8(ascii: ".") { return .skip(.hidden) }
        // PATH_MAX counts the terminating NUL.
        if path.count >= Int(PATH_MAX) { return .skip(.pathTooLong) }
        guard String(validating: name, as: UTF8.self) != nil else { return .skip(.nameNotText) }
        var info = stat()
        guard withCPath(path, { lstat($0, &info) }) == 0 else { return .skip(failure(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .folder
        case S_IFLNK:
            var target = stat()
            guard withCPath(path, { stat($0, &target) }) == 0 else {
                let code = errno
                return .skip(code == ENOENT || code == ELOOP ? .brokenLink : failure(code))
            }
            switch target.st_mode & S_IFMT {
            case S_IFDIR: return .skip(.linkToFolder)
            case S_IFREG: return byContent(path)
            default: return .skip(.notAFile(kind: kind(target.st_mode)))
            }
        case S_IFREG:
            return byContent(path)
        default:
            return .skip(.notAFile(kind: kind(info.st_mode)))
        }
    }

    /// A regular file (or a link to one), by its first bytes.
    private static func byContent(_ path: [UInt8]) -> Entry {
        switch ImportContentRule.decide(path: path) {
        case .success(.take): .image
        case .success(.unsupported(let name)): .skip(.unsupportedFormat(name))
        case .success(.notAnImage): .skip(.notAnImage)
        case .failure(let error): .skip(failure(error.code))
        }
    }

    private static func failure(_ code: Int32) -> ImportSkip.Reason {
        code == ENAMETOOLONG ? .pathTooLong : .unreadable(detail: String(cString: strerror(code)))
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "an unknown kind of file"
        }
    }

    /// The names in a folder (without "." and ".."), and why the listing failed or stopped early.
    private static func entries(of folder: [UInt8]) -> (names: [[UInt8]], failure: ImportSkip.Reason?) {
        guard folder.count < Int(PATH_MAX) else { return ([], .pathTooLong) }
        guard let stream = withCPath(folder, { opendir($0) }) else {
            let code = errno
            return ([], code == ENAMETOOLONG ? .pathTooLong : .folderUnreadable(detail: String(cString: strerror(code))))
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                // nil with errno set is a failed read, not the end of the folder.
                let code = errno
                return (names, code == 0 ? nil : .folderUnreadable(detail: String(cString: strerror(code))))
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
    }

    /// Calls `body` with `path` as a NUL-terminated C string.
    private static func withCPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `url`'s path as the file system's bytes, without a trailing slash.
    private static func fileSystemBytes(_ url: URL) -> [UInt8] {
        var bytes = url.withUnsafeFileSystemRepresentation { pointer in
            pointer.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        }
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return bytes
    }
}
