/// Migration v9 (issue 32): what the library copy of each photo looked like on disk when
/// Drover last knew its bytes, so an open can tell a replaced or damaged copy without
/// reading every file (`FileCheck`).
///
/// `fileSize` and `fileModified` (the copy's size in bytes and its modification time in
/// nanoseconds since 1970) are written at import and whenever a check proves the bytes are
/// still the ones stored; rows from before v9 have NULL, and the first check records what it
/// finds. `fileDamaged` is 1 while the copy is known not to be the photo Drover stored (its
/// tile shows it so); the next check that finds the bytes right again clears it.
enum SchemaV9 {
    static let sql = """
        ALTER TABLE photo ADD COLUMN fileSize INTEGER;
        ALTER TABLE photo ADD COLUMN fileModified INTEGER;
        ALTER TABLE photo ADD COLUMN fileDamaged INTEGER NOT NULL DEFAULT 0 CHECK (fileDamaged IN (0, 1));
        """
}
