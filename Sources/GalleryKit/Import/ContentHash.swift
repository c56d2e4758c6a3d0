import Foundation

/// A file's XXH3-128 (`ContentDigest`), as lowercase hex: how an import recognises bytes
/// that are in the library already. A match is then proven byte for byte (`sameBytes`)
/// before anything is called a duplicate, so the hash only has to find candidates.
enum ContentHash {
    private static let chunk = 1 << 20

    /// The hash of the file at `path`, or nil if it cannot be read. (An import hashes its
    /// copy while it writes it, `AtomicFile.copy`; this is for photos from before hashes.)
    static func ofFile(atPath path: String) -> String? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard let digest = ContentDigest() else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(file, buffer.baseAddress, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
        }
        return digest.finish()
    }

    /// True when both files can be read and hold the same bytes.
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second) else { return false }
        defer { try? a.close(); try? b.close() }
        while true {
            // At the end, `read(upToCount:)` gives nil or empty data, depending on the platform.
            do {
                let left = try a.read(upToCount: chunk) ?? Data()
                let right = try b.read(upToCount: chunk) ?? Data()
                guard left == right else { return false }
                if left.isEmpty { return true }
            } catch {
                return false
            }
        }
    }
}
