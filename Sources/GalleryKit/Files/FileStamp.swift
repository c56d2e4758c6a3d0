import Foundation

/// A library copy's size and modification time: what an open compares with the stored
/// ones (schema v9) to find copies whose bytes may have changed, with one `stat` each and
/// no byte read. Any write through the file system moves the modification time, so only a
/// file whose stamp differs needs its bytes checked (`FileCheck`).
struct FileStamp: Sendable, Hashable {
    var size: Int64
    /// Nanoseconds since 1970.
    var modified: Int64

    init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// The stamp of the regular file at `path` (links are not followed), or nil.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stamp of an open file, or nil.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }
}
