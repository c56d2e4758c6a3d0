/// Migration v5: the date taken read from EXIF (issue 11). Photos imported before it have
/// no `dateTaken`; `dateState` 0 marks them for the background date scan
/// (`PhotoLibrary.scanPendingDates`), which reads their EXIF once and sets it to 1.
/// Imports from now on read the date as they go, and insert 1.
enum SchemaV5 {
    static let sql = """
        ALTER TABLE photo ADD COLUMN dateState INTEGER NOT NULL DEFAULT 0;  -- 0 not read yet, 1 read
        """
}
