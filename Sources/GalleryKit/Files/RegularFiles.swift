import Foundation

/// The regular files in one library folder (photos/ or thumbnails/), listed with
/// `readdir`, whose entry type spares a `stat` per file: at 100,000 photos the
/// listing through `FileManager`, a `URL` and an `lstat` per name took seconds of
/// the open. Links, folders and anything else someone put there are left out.
enum RegularFiles {
    /// The names, in the folder's order; empty when the folder cannot be read.
    static func names(in directory: URL) -> [String] {
        var names: [String] = []
        forEachName(in: directory) { names.append($0) }
        return names
    }

    /// Calls `body` with each name, in the folder's order, holding none of them (a folder of
    /// 1,000,000 photos); none when the folder cannot be read.
    static func forEachName(in directory: URL, _ body: (String) -> Void) {
        guard let stream = opendir(directory.path) else { return }
        defer { closedir(stream) }
        let folder = dirfd(stream)
        while let entry = readdir(stream) {
            let type = Int32(entry.pointee.d_type)
            let isRegular: Bool
            if type == Int32(DT_UNKNOWN) {
                // Some file systems do not say: ask, without following a link.
                var info = stat()
                isRegular = withUnsafePointer(to: &entry.pointee.d_name) { name in
                    name.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
                        fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
                    }
                } && (info.st_mode & S_IFMT) == S_IFREG
            } else {
                isRegular = type == Int32(DT_REG)
            }
            guard isRegular else { continue }
            body(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
    }
}
