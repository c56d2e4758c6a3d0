/// Migration v4: the journal of library copies being imported.
enum SchemaV4 {
    static let sql = """
        -- A name in photos/ that an import has claimed and not yet committed as a photo.
        -- Written before the copy gets that name, removed in the transaction that inserts
        -- its photo row (or when the copy is discarded). Recovery deletes only copies
        -- named here: a file in photos/ that neither a photo row nor this journal names
        -- was not made by an import of this library, and is left alone.
        CREATE TABLE importJournal (
            fileName TEXT PRIMARY KEY NOT NULL,     -- inside photos/
            dateStarted DOUBLE NOT NULL
        ) WITHOUT ROWID;
        """
}
