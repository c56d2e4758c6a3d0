// GalleryKit/Store: the SQLite database through GRDB. The schema and its migrations
// (SchemaV2…), the rows (PhotoRow, NoteRow), the stored order, the import journal and the
// loading of items. What the rows mean is Library/'s; the change batches written with them
// are Changes/'; QR code rows are with the scanner in QRCodes/.

import GRDB

/// The database schema, as a list of migrations that only ever grow.
///
/// Never edit a shipped migration: add a new one. Additions go in new migrations as
/// nullable (or defaulted) columns or side tables, the way v3 added the scan's columns
/// on `photo` and the `qrCode` table.
///
/// A library migrated by a newer build is refused by older ones (`newerSchema`), so an
/// older Drover never meets a kind of entry it does not know.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE stack (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL,
                    dateCreated DOUBLE NOT NULL
                );
                CREATE TABLE photo (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    fileName TEXT NOT NULL UNIQUE,          -- inside photos/
                    originalFileName TEXT NOT NULL,
                    title TEXT NOT NULL,
                    width INTEGER NOT NULL CHECK (width > 0),
                    height INTEGER NOT NULL CHECK (height > 0),
                    dateTaken DOUBLE,                       -- from metadata, later
                    fileDate DOUBLE,                        -- the original's mtime
                    dateAdded DOUBLE NOT NULL,
                    stackID INTEGER REFERENCES stack(id) ON DELETE SET NULL,
                    stackPosition INTEGER,
                    CHECK ((stackID IS NULL) = (stackPosition IS NULL))
                );
                CREATE INDEX photo_stack ON photo(stackID, stackPosition);
                CREATE TABLE album (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    dateCreated DOUBLE NOT NULL
                );
                CREATE TABLE albumEntry (
                    albumID INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
                    photoID INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (albumID, photoID)
                ) WITHOUT ROWID;
                CREATE INDEX albumEntry_order ON albumEntry(albumID, position);
                CREATE INDEX albumEntry_photo ON albumEntry(photoID);
                -- The main collection ("All Photos"): single photos and stacks in the
                -- user's order. Photos inside a stack have no entry of their own.
                CREATE TABLE collectionEntry (
                    id INTEGER PRIMARY KEY,
                    position INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    photoID INTEGER UNIQUE REFERENCES photo(id) ON DELETE CASCADE,
                    stackID INTEGER UNIQUE REFERENCES stack(id) ON DELETE CASCADE,
                    CHECK ((kind = 'photo' AND photoID IS NOT NULL AND stackID IS NULL)
                        OR (kind = 'stack' AND stackID IS NOT NULL AND photoID IS NULL)
                        OR kind NOT IN ('photo', 'stack'))
                );
                CREATE INDEX collectionEntry_order ON collectionEntry(position);
                """)
        }
        // Text notes, and removed photos' files waiting for the Trash.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: SchemaV2.sql)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: SchemaV3.sql)
        }
        migrator.registerMigration("v4") { db in
            try db.execute(sql: SchemaV4.sql)
        }
        migrator.registerMigration("v5") { db in
            try db.execute(sql: SchemaV5.sql)
        }
        migrator.registerMigration("v6") { db in
            try db.execute(sql: SchemaV6.sql)
        }
        migrator.registerMigration("v7") { db in
            try db.execute(sql: SchemaV7.sql)
        }
        migrator.registerMigration("v8") { db in
            try db.execute(sql: SchemaV8.sql)
        }
        migrator.registerMigration("v9") { db in
            try db.execute(sql: SchemaV9.sql)
        }
        migrator.registerMigration("v10") { db in
            try db.execute(sql: SchemaV10.sql)
        }
        return migrator
    }
}
