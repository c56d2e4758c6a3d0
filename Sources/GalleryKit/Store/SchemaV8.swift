/// Migration v8 (issue 30): `photo.contentHash` becomes XXH3-128 (`ContentDigest`) instead
/// of SHA-256, which cost an import 13% of its CPU on a machine without SHA instructions.
///
/// A stored SHA-256 can never equal a new photo's XXH3, so every stored hash is forgotten:
/// the background scan (`PhotoLibrary.scanPendingHashes`) hashes those photos again, newest
/// first, as it did for libraries from before v6; until it reaches a photo, a copy of it is
/// not recognised as a duplicate. No photo, thumbnail or other column changes.
enum SchemaV8 {
    static let sql = """
        UPDATE photo SET contentHash = NULL;
        """
}
