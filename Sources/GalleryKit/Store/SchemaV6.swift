/// Migration v6 (issue 11): a photo's rotation and its content hash.
///
/// `rotation` is how the user turned the photo in Drover, in clockwise quarter turns (0 to 3),
/// on top of its EXIF orientation. It lives only here: the user's file and the library's copy
/// keep their bytes (see `PhotoRotation`).
///
/// `contentHash` is the SHA-256 of the library copy's bytes (XXH3-128 since `SchemaV8`), to tell an import that the same
/// bytes are already in the library (see `PhotoLibrary+Duplicates`). Photos imported before
/// v6 have none; the background scan fills it in (`PhotoLibrary.scanPendingHashes`).
enum SchemaV6 {
    static let sql = """
        ALTER TABLE photo ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0 CHECK (rotation BETWEEN 0 AND 3);
        ALTER TABLE photo ADD COLUMN contentHash TEXT;   -- lowercase hex SHA-256; NULL: not computed yet
        CREATE INDEX photo_contentHash ON photo(contentHash);
        """
}
