import CSystem
import DecoderKit
import Foundation

/// A photo written out of the library as the user sees it: what leaves Drover by a drag, a
/// paste or Export. The library's own file is only ever read.
///
/// - A photo the user has not turned leaves as its original bytes.
/// - A turned JPEG leaves as its bytes with the EXIF orientation rewritten (lossless); any
///   other turned photo is decoded and leaves as a turned PNG. Both are made by the
///   confined decode child (`AsSeenWriter`), since they read the photo's untrusted bytes.
///
/// The file is named after the photo's title, made safe for any file system, and distinct
/// from every file already in the folder ("Chelsea the cat 2.jpg"); it never replaces one.
/// It appears complete under its name or not at all: it is written under a hidden name of
/// its own first, which is removed when anything fails.
public enum AsSeenCopy {
    /// Writes `member` into `folder` and returns the file. Blocks (a copy, or a decode
    /// child): call it off the main thread. `durable` syncs the file to disk before it is
    /// named (an export the user keeps; a drag's copy in the cache need not be).
    public static func write(_ member: GalleryItem.Member, into folder: URL, durable: Bool,
                             limits: ImportLimits = ImportLimits()) throws(ImportFailureReason) -> URL {
        let source = member.fileURL
        let temporary = folder.appendingPathComponent(".drover-\(UUID().uuidString).part").path
        let made = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard made >= 0 else { throw AtomicFile.writeFailure(errno) }
        var named = false
        defer { if !named { unlink(temporary) } }
        let fileExtension: String
        if member.rotation.isUpright {
            defer { close(made) }
            try copyOriginal(source.path, to: made, durable: durable)
            fileExtension = source.pathExtension
        } else {
            close(made)
            let written = try DecoderProcess(limits: limits).writeAsSeen(source.path, turnedBy: member.rotation.quarterTurns,
                                                                         to: temporary)
            if durable { try syncFile(temporary) }
            switch written {
            case .jpeg: fileExtension = ["jpg", "jpeg"].contains(source.pathExtension.lowercased()) ? source.pathExtension : "jpg"
            case .png: fileExtension = "png"
            }
        }
        let final = try name(temporary, in: folder, stem: fileStem(member.title, dropping: fileExtension), extension: fileExtension)
        named = true
        return final
    }

    /// A title made into a file name's stem that any file system takes: no path separator,
    /// none of the characters FAT and NTFS refuse (a USB stick), no control characters, not
    /// hidden, not over 200 bytes; its extension dropped if the title ends with it.
    static func fileStem(_ title: String, dropping fileExtension: String) -> String {
        let refused = Set("/\\:*?\"<>|")
        var stem = String(title.map { refused.contains($0) || $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) ? "-" : $0 })
        if !fileExtension.isEmpty, stem.lowercased().hasSuffix("." + fileExtension.lowercased()) {
            stem.removeLast(fileExtension.count + 1)
        }
        stem = stem.trimmingCharacters(in: .whitespaces)
        while stem.hasPrefix(".") { stem.removeFirst() }
        while stem.hasSuffix(".") || stem.hasSuffix(" ") { stem.removeLast() }
        while stem.utf8.count > 200 { stem.removeLast() }
        return stem.isEmpty ? "Photo" : stem
    }

    /// Gives the finished temporary file the first free name "stem.ext", "stem 2.ext"…
    private static func name(_ temporary: String, in folder: URL, stem: String, extension fileExtension: String) throws(ImportFailureReason) -> URL {
        let suffix = fileExtension.isEmpty ? "" : "." + fileExtension
        for attempt in 1...10_000 {
            let final = folder.appendingPathComponent(attempt == 1 ? stem + suffix : "\(stem) \(attempt)\(suffix)")
            if drover_rename_noreplace(temporary, final.path) == 0 { return final }
            var code = errno
            if code == EINVAL || code == ENOSYS {
                // No RENAME_NOREPLACE on this file system: a hard link also refuses to replace.
                if link(temporary, final.path) == 0 { unlink(temporary); return final }
                code = errno
            }
            if code != EEXIST { throw AtomicFile.writeFailure(code) }
        }
        throw .writeFailed(detail: "no free file name")
    }

    /// Copies the library's file as it is. The library copy is Drover's own, checked at
    /// import, so this reads no byte of it as an image.
    private static func copyOriginal(_ path: String, to destination: Int32, durable: Bool) throws(ImportFailureReason) {
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw errno == ENOENT ? .vanished : .unreadable(detail: String(cString: strerror(errno))) }
        defer { close(source) }
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(source, buffer, size)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(detail: String(cString: strerror(errno)))
            }
            var written = 0
            while written < count {
                let result = Glibc.write(destination, buffer + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFile.writeFailure(errno)
                }
                written += result
            }
        }
        if durable, fsync(destination) != 0 { throw AtomicFile.writeFailure(errno) }
    }

    /// A full disk can show only here, when the written blocks are allocated.
    private static func syncFile(_ path: String) throws(ImportFailureReason) {
        let file = open(path, O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { throw AtomicFile.writeFailure(errno) }
        defer { close(file) }
        if fsync(file) != 0 { throw AtomicFile.writeFailure(errno) }
    }
}
