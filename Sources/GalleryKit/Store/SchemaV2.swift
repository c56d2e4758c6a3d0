/// Migration v2: text notes in the main collection, and removed photos waiting for the Trash.
enum SchemaV2 {
    static let sql = """
        -- A text note: a tile of its own in the main collection ("All Photos") only.
        CREATE TABLE note (
            id INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused, like every other id
            text TEXT NOT NULL,
            dateAdded DOUBLE NOT NULL
        );
        -- v1's CHECK already admits kind 'note' (it lets unknown kinds through). SQLite
        -- cannot add a UNIQUE column or a CHECK to an existing table, hence the unique
        -- index and the triggers that hold note entries to the same rules.
        ALTER TABLE collectionEntry ADD COLUMN noteID INTEGER REFERENCES note(id) ON DELETE CASCADE;
        CREATE UNIQUE INDEX collectionEntry_note ON collectionEntry(noteID);
        CREATE TRIGGER collectionEntry_note_insert BEFORE INSERT ON collectionEntry
        WHEN (NEW.kind = 'note') != (NEW.noteID IS NOT NULL)
          OR (NEW.kind = 'note' AND (NEW.photoID IS NOT NULL OR NEW.stackID IS NOT NULL))
        BEGIN SELECT RAISE(ABORT, 'a note entry needs exactly a noteID'); END;
        CREATE TRIGGER collectionEntry_note_update BEFORE UPDATE ON collectionEntry
        WHEN (NEW.kind = 'note') != (NEW.noteID IS NOT NULL)
          OR (NEW.kind = 'note' AND (NEW.photoID IS NOT NULL OR NEW.stackID IS NOT NULL))
        BEGIN SELECT RAISE(ABORT, 'a note entry needs exactly a noteID'); END;

        -- Library files of removed photos, kept in photos/ while undo is possible. They
        -- go to the freedesktop Trash (never unlinked): by PhotoLibrary.trash, or by
        -- recovery at the next open if Drover stopped first. Written in the removal's
        -- own transaction, so a removed photo's file is never mistaken for an orphan.
        CREATE TABLE pendingTrash (
            fileName TEXT PRIMARY KEY NOT NULL,     -- inside photos/
            dateRemoved DOUBLE NOT NULL
        ) WITHOUT ROWID;
        """
}
