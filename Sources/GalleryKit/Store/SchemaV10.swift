/// Migration v10 (issue 30): where the viewer's second decoder can start each large JPEG's
/// scan (`JPEGEntryPoint`, as its text), found by the photo's background scan with its QR
/// codes. A side table, so the rows the grid loads do not grow; a photo without a row (not a
/// large baseline JPEG, or scanned before v10) is decoded as before.
enum SchemaV10 {
    static let sql = """
        CREATE TABLE jpegEntryPoint (
            photoID INTEGER PRIMARY KEY REFERENCES photo(id) ON DELETE CASCADE,
            entry TEXT NOT NULL
        );
        """
}
