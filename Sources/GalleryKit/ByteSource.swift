import Foundation

/// Random access to an image's bytes, so a container can be walked (seeking from
/// chunk to chunk) without reading the whole file, and the same walker can be
/// given bytes in memory by tests and fuzzers.
protocol ByteSource {
    /// The total number of bytes.
    var count: Int { get }
    /// `length` bytes from `offset`, or nil unless all of them are there.
    func bytes(at offset: Int, length: Int) -> [UInt8]?
}

extension ByteSource {
    /// Whether `offset..<offset+length` lies inside the source, without overflowing.
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }
}

/// Bytes already in memory.
struct MemoryBytes: ByteSource {
    let storage: [UInt8]
    init(_ storage: [UInt8]) { self.storage = storage }

    var count: Int { storage.count }

    func bytes(at offset: Int, length: Int) -> [UInt8]? {
        guard contains(offset, length: length) else { return nil }
        return Array(storage[offset..<offset + length])
    }
}

/// An open file, read with `pread` (the descriptor is the caller's, and stays open).
struct FileBytes: ByteSource {
    let descriptor: Int32
    let count: Int

    /// Nil when the descriptor is not a regular file.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.descriptor = descriptor
        count = Int(info.st_size)
    }

    func bytes(at offset: Int, length: Int) -> [UInt8]? {
        guard contains(offset, length: length) else { return nil }
        var buffer = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, length - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            // The file shrank under us, or cannot be read: not all the bytes are there.
            guard got > 0 else { return nil }
            done += got
        }
        return buffer
    }

    /// Opens `path` read-only (never blocking on a FIFO, never a controlling terminal)
    /// and runs `body` on it; nil when it cannot be opened or is not a regular file.
    static func withFile<T>(at path: String, _ body: (FileBytes) -> T?) -> T? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let file = FileBytes(descriptor: descriptor) else { return nil }
        return body(file)
    }
}

/// Fixed-width integers read from a byte array at an offset, nil past its end.
extension Array where Element == UInt8 {
    func uint16(at offset: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        let (a, b) = (Int(self[offset]), Int(self[offset + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int, bigEndian: Bool) -> Int? {
        guard let high = uint16(at: bigEndian ? offset : offset + 2, bigEndian: bigEndian),
              let low = uint16(at: bigEndian ? offset + 2 : offset, bigEndian: bigEndian) else { return nil }
        return high << 16 | low
    }

    /// A 64-bit big-endian value, nil when it does not fit an Int.
    func uint64(at offset: Int) -> Int? {
        guard let high = uint32(at: offset, bigEndian: true), let low = uint32(at: offset + 4, bigEndian: true),
              high < 0x8000_0000 else { return nil }
        return high << 32 | low
    }

    /// An unsigned big-endian value of 0, 4 or 8 bytes (the sizes HEIF's `iloc` allows).
    func uint(at offset: Int, size: Int) -> Int? {
        switch size {
        case 0: 0
        case 4: uint32(at: offset, bigEndian: true)
        case 8: uint64(at: offset)
        default: nil
        }
    }

    /// Whether these bytes at `offset` are `prefix`.
    func has(_ prefix: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset <= count - prefix.count && self[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    func fourCC(at offset: Int) -> String? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return String(decoding: self[offset..<offset + 4], as: UTF8.self)
    }
}
