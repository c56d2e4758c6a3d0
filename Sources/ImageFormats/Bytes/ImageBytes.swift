import Foundation

/// The bytes of an image, either in memory (tests, the fuzzer) or in a file read with `pread`
/// through a small window: the one reader both the EXIF walkers and the completeness checks
/// use. A file is never mapped or read whole: a 2 GB file costs one 64 KB window, and a file
/// cut short while it is being read reads as shorter instead of raising SIGBUS the way a
/// mapping would.
package final class ImageBytes: ByteSource {
    package let count: Int
    private let memory: UnsafeRawBufferPointer?
    private let file: Int32
    /// One buffer, reused: `windowCount` bytes of the file from `windowStart`.
    private var window: [UInt8] = []
    private var windowStart = 0
    private var windowCount = 0
    /// The errno of a failed read: a completeness verdict then says the file is unreadable.
    private(set) var readError: Int32?

    private static let windowSize = 64 * 1024
    /// lseek's SEEK_DATA on Linux; Glibc's Swift module leaves it out (it needs _GNU_SOURCE).
    private static let seekData: Int32 = 3

    /// `memory` stays owned by the caller and must stay valid while this is used.
    package init(_ memory: UnsafeRawBufferPointer) {
        self.memory = memory
        file = -1
        count = memory.count
    }

    /// `file` stays owned by the caller and must stay open while this is used.
    package init(file: Int32, size: Int) {
        memory = nil
        self.file = file
        count = max(0, size)
    }

    /// Opens `path` for reading only: never blocking on a FIFO, never becoming the
    /// controlling terminal. The descriptor, or -1 with `errno` set.
    package static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    }

    /// Runs `body` on the bytes of the regular file at `path`; nil when it cannot be opened
    /// or is not a regular file (a FIFO or a device has no end to walk to).
    package static func withFile<T>(at path: String, _ body: (ImageBytes) -> T?) -> T? {
        let file = openForReading(path)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(ImageBytes(file: file, size: Int(info.st_size)))
    }

    package func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        if let memory { return memory[offset] }
        if offset < windowStart || offset >= windowStart + windowCount { fill(at: offset) }
        let index = offset - windowStart
        return index >= 0 && index < windowCount ? window[index] : nil
    }

    /// `length` bytes from `offset`, or nil unless all of them are there (a file that shrank
    /// while it was read has fewer). Copied a window at a time.
    package func bytes(at offset: Int, length: Int) -> [UInt8]? {
        guard contains(offset, length: length) else { return nil }
        var result = [UInt8]()
        result.reserveCapacity(length)
        while result.count < length {
            let wanted = length - result.count
            guard run(at: offset + result.count, { result.append(contentsOf: $0.prefix(wanted)) }) != nil else { return nil }
        }
        return result
    }

    /// The offset of the first `pattern` at or after `start`. Candidates are found with
    /// memchr over whole runs of bytes (a JPEG's scan data can be most of a large file).
    package func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var offset = max(0, start)
        while offset <= count - pattern.count {
            guard let candidate = nextIndex(of: first, from: offset) else { return nil }
            if matches(pattern, at: candidate) { return candidate }
            offset = candidate + 1
        }
        return nil
    }

    private func nextIndex(of value: UInt8, from start: Int) -> Int? {
        var offset = start
        while offset < count {
            // A sparse file's holes read as zeros: skip them rather than read gigabytes of nothing.
            if memory == nil, value != 0, offset < windowStart || offset >= windowStart + windowCount {
                guard let data = nextData(from: offset) else { return nil }
                offset = max(offset, data)
                guard offset < count else { return nil }
            }
            guard let (found, length) = run(at: offset, { run -> (Int?, Int) in
                let hit = memchr(run.baseAddress!, Int32(value), run.count).map { run.baseAddress!.distance(to: UnsafeRawPointer($0)) }
                return (hit, run.count)
            }) else { return nil }
            if let found { return offset + found }
            offset += length
        }
        return nil
    }

    /// The first offset at or after `offset` that is not in a hole (nil: only holes follow).
    /// lseek moves the descriptor's offset, which the caller may rely on: it is put back.
    private func nextData(from offset: Int) -> Int? {
        let saved = lseek(file, 0, SEEK_CUR)
        defer { if saved >= 0 { lseek(file, saved, SEEK_SET) } }
        let data = lseek(file, off_t(offset), Self.seekData)
        if data >= 0 { return Int(data) }
        return errno == ENXIO ? nil : offset  // ENXIO: no data after offset. Otherwise unsupported: read on.
    }

    /// Calls `body` with the bytes from `offset` that can be had without another read (to
    /// the end of memory, or of the window), never empty; nil past the end.
    private func run<T>(at offset: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        guard offset >= 0, offset < count else { return nil }
        if let memory { return body(UnsafeRawBufferPointer(rebasing: memory[offset...])) }
        if offset < windowStart || offset >= windowStart + windowCount { fill(at: offset) }
        let index = offset - windowStart
        guard index >= 0, index < windowCount else { return nil }
        return window.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[index..<windowCount])) }
    }

    private func fill(at offset: Int) {
        if window.isEmpty { window = [UInt8](repeating: 0, count: Self.windowSize) }
        let start = offset - offset % Self.windowSize
        let length = min(Self.windowSize, count - start)
        var filled = 0
        while filled < length {
            let got = window.withUnsafeMutableBytes { pread(file, $0.baseAddress! + filled, length - filled, off_t(start + filled)) }
            if got < 0 {
                if errno == EINTR { continue }
                readError = errno
                break
            }
            if got == 0 { break }  // The file shrank: what is left reads as the end.
            filled += got
        }
        windowStart = start
        windowCount = filled
    }
}
