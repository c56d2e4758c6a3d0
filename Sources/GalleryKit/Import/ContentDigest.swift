import CXXHash

/// A running XXH3-128 (xxHash), fed in pieces so an import hashes the bytes as it copies
/// them, without reading them again.
///
/// Why not a cryptographic hash: the hash only finds candidates, and a candidate is proven
/// a duplicate byte for byte (`ContentHash.sameBytes`), so a collision costs one extra
/// comparison, never a wrong answer. Measured on a 2-core Xeon without SHA instructions
/// (issue 30): OpenSSL's SHA-256 ran at about 386 MB/s and was 13% of an import's CPU
/// samples; XXH3 runs at memory speed there (docs/benchmarks.md has the figures).
final class ContentDigest {
    private let state: OpaquePointer

    /// Nil only if xxHash cannot allocate its state.
    init?() {
        guard let state = XXH3_createState() else { return nil }
        guard XXH3_128bits_reset(state) == XXH_OK else {
            XXH3_freeState(state)
            return nil
        }
        self.state = state
    }

    deinit { XXH3_freeState(state) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = XXH3_128bits_update(state, base, bytes.count)
    }

    /// The digest as 32 lowercase hex digits, most significant first: the canonical form
    /// `xxhsum -H2` prints, and the form `ContentHash` stores.
    func finish() -> String {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
        let hex = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: canonical.digest) { digest in
            var text = [UInt8]()
            text.reserveCapacity(digest.count * 2)
            for byte in digest {
                text.append(hex[Int(byte >> 4)])
                text.append(hex[Int(byte & 0xF)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
