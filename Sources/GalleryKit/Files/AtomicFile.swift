import CSystem
import Foundation

/// Writes files into the library so that a file either exists complete under its
/// final name or not at all: write to ".import-…" in the same folder, fsync, then
/// rename without replacing anything. Leftover temp files are swept at open.
enum AtomicFile {
    /// Copies the open `source` into `directory`, under `preferredName` or, if taken,
    /// "name-2.ext", "name-3.ext"… Returns the final name, claimed in `journal`, and the
    /// XXH3-128 of the bytes written (`ContentHash`), taken as they pass, so the copy is
    /// not read again for it. Streams through a fixed buffer, and stops with `fileTooLarge`
    /// past `maxBytes` (a file that grows while it is copied is refused too, not copied whole).
    static func copy(from source: Int32, into directory: URL, preferredName: String, maxBytes: Int,
                     journal: ImportJournal, faults: FaultInjection) throws(ImportFailureReason) -> Copied {
        try copy(from: source, into: directory, preferredName: preferredName, maxBytes: maxBytes, journal: journal,
                 faults: faults, beforeSync: { (_: String) throws(ImportFailureReason) in }).copied
    }

    /// `copy`, running `beforeSync` on the temp copy's path once its bytes are written and
    /// before they are synced and named: the import decodes the copy there, so that a decode
    /// does not wait for the disk (an import's first decodes waited 8–14 ms for their copy's
    /// fsync while the cores idled; 40 camera photos against djpeg went from 1.19× to 1.165×
    /// in 30 alternating rounds, docs/benchmarks.md, eighteenth pass). Whatever `beforeSync`
    /// throws ends the copy, which is then removed. The sync still comes before the name, so a
    /// crash never leaves a complete-looking name on missing bytes.
    static func copy<Checked>(from source: Int32, into directory: URL, preferredName: String, maxBytes: Int,
                              journal: ImportJournal, faults: FaultInjection,
                              beforeSync: (String) throws(ImportFailureReason) -> Checked)
        throws(ImportFailureReason) -> (copied: Copied, checked: Checked) {
        try TemporaryFiles.withNewPath(in: directory) { (temporary) throws(ImportFailureReason) in
            try copy(from: source, via: temporary, into: directory, preferredName: preferredName, maxBytes: maxBytes,
                     journal: journal, faults: faults, beforeSync: beforeSync)
        }
    }

    private static func copy<Checked>(from source: Int32, via temporary: String, into directory: URL, preferredName: String,
                                      maxBytes: Int, journal: ImportJournal, faults: FaultInjection,
                                      beforeSync: (String) throws(ImportFailureReason) -> Checked)
        throws(ImportFailureReason) -> (copied: Copied, checked: Checked) {
        let destination = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard destination >= 0 else { throw writeFailure(errno) }
        var finished = false
        defer { if !finished { unlink(temporary) } }
        let digest = ContentDigest()
        let stamp: FileStamp?
        let checked: Checked
        do {
            defer { close(destination) }
            try copyBytes(from: source, to: destination, maxBytes: maxBytes, digest: digest, faults: faults)
            checked = try beforeSync(temporary)
            // The data must be on disk before the name is, or a crash could leave a
            // complete-looking name with empty contents.
            if let injected = faults.syncError { throw writeFailure(injected) }
            guard fsync(destination) == 0 else { throw writeFailure(errno) }
            // After the last write: the rename below moves no modification time.
            stamp = FileStamp(descriptor: destination)
        }
        let name = try rename(temporary, into: directory, preferredName: preferredName, journal: journal)
        finished = true
        return (Copied(fileName: name, contentHash: digest?.finish(), stamp: stamp), checked)
    }

    /// A copy made by `copy`.
    struct Copied {
        var fileName: String
        /// Nil only if xxHash could not allocate its state (the background scan hashes it later).
        var contentHash: String?
        /// The copy's size and modification time as written (`FileCheck` compares them).
        var stamp: FileStamp?
    }

    /// Finishes a temp file written by someone else (a thumbnail) under an exact name,
    /// replacing an older file of that name. No fsync: a thumbnail lost or damaged by a
    /// power cut is simply made again, and skipping it keeps bulk imports fast.
    static func finish(_ temporary: String, as final: String) throws(ImportFailureReason) {
        guard Glibc.rename(temporary, final) == 0 else {
            let code = errno
            unlink(temporary)
            throw writeFailure(code)
        }
    }

    /// Makes renames in `directory` durable (done once per import batch, before the commit).
    static func syncDirectory(_ directory: URL) {
        let file = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if file >= 0 { fsync(file); close(file) }
    }

    private static func copyBytes(from source: Int32, to destination: Int32, maxBytes: Int, digest: ContentDigest?,
                                  faults: FaultInjection) throws(ImportFailureReason) {
        let bufferSize = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        guard lseek(source, 0, SEEK_SET) == 0 else { throw .unreadable(detail: String(cString: strerror(errno))) }
        var total = 0
        while true {
            let count = read(source, buffer, bufferSize)
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(detail: String(cString: strerror(errno)))
            }
            total += count
            guard total <= maxBytes else {
                var info = stat()
                let size = fstat(source, &info) == 0 ? max(total, info.st_size) : total
                throw .fileTooLarge(bytes: size, limit: maxBytes)
            }
            digest?.update(UnsafeRawBufferPointer(start: buffer, count: count))
            var written = 0
            while written < count {
                if let injected = faults.writeError { throw writeFailure(injected) }
                let result = write(destination, buffer + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw writeFailure(errno)
                }
                written += result
            }
        }
    }

    /// Renames the temp file to the first free name. A name is free when the journal
    /// grants it (no photo row, removed photo or other import has it) and no file has it.
    private static func rename(_ temporary: String, into directory: URL, preferredName: String,
                               journal: ImportJournal) throws(ImportFailureReason) -> String {
        let name = sanitized(preferredName)
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        for attempt in 1...10_000 {
            let candidate: String
            switch attempt {
            case 1: candidate = name
            case 10_000: candidate = UUID().uuidString + (ext.isEmpty ? "" : "." + ext)
            default: candidate = stem + "-\(attempt)" + (ext.isEmpty ? "" : "." + ext)
            }
            let claimed: Bool
            do { claimed = try journal.claim(candidate) } catch {
                throw .writeFailed(detail: "the library's database cannot record the copy (\(error))")
            }
            guard claimed else { continue }
            let final = directory.appendingPathComponent(candidate).path
            if drover_rename_noreplace(temporary, final) == 0 { return candidate }
            var code = errno
            if code == EINVAL || code == ENOSYS {
                // No RENAME_NOREPLACE here: a hard link also refuses to replace.
                if link(temporary, final) == 0 { unlink(temporary); return candidate }
                code = errno
            }
            // A file nobody claimed has this name (not ours to touch): try the next name.
            journal.release(candidate)
            if code != EEXIST { throw writeFailure(code) }
        }
        throw .writeFailed(detail: "no free file name")
    }

    /// A safe file name: no path separators, not hidden (hidden names are reserved
    /// for temp files), and short enough for any file system.
    static func sanitized(_ name: String) -> String {
        var name = name.replacingOccurrences(of: "/", with: "_")
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "photo" }
        if name.utf8.count > 200 {
            let ext = (name as NSString).pathExtension
            let suffix = ext.isEmpty ? "" : "." + String(ext.prefix(16))
            var stem = (name as NSString).deletingPathExtension
            while !stem.isEmpty && stem.utf8.count + suffix.utf8.count > 200 { stem.removeLast() }
            name = (stem.isEmpty ? "photo" : stem) + suffix
        }
        return name
    }

    static func writeFailure(_ code: Int32) -> ImportFailureReason {
        switch code {
        case ENOSPC, EDQUOT: .diskFull
        default: .writeFailed(detail: String(cString: strerror(code)))
        }
    }
}

/// Faults tests inject where the real ones are hard to cause (a full disk).
struct FaultInjection: Sendable {
    /// Every write to a library file fails with this errno.
    var writeError: Int32?
    /// The sync of an import's copy fails with this errno: after the copy was decoded, before
    /// it is named (`AtomicFile.copy`'s `beforeSync`), as a disk that fails to flush would.
    var syncError: Int32? = nil
    /// The database commit of an import batch fails.
    var failImportCommit = false
    /// The library copy of the file with this original name is removed just before its
    /// batch commits, as another process's clean-up would.
    var removeCopyBeforeCommit: String? = nil
    /// Each decode child runs this program, with the decode's arguments, instead of the
    /// built-in decode (say, /bin/false: a decoder that dies). See `DecoderProcess`.
    var decoderExecutable: String?

    init(writeError: Int32? = nil, failImportCommit: Bool = false, decoderExecutable: String? = nil) {
        self.writeError = writeError
        self.failImportCommit = failImportCommit
        self.decoderExecutable = decoderExecutable
    }
}
