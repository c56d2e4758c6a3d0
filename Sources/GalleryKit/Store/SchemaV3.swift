/// Migration v3: what a background scan learns about each photo. QR codes (text and
/// corners), the GPS position from EXIF, and the nearest place's name.
enum SchemaV3 {
    static let sql = """
        -- 0: not scanned yet, 1: scanned, 2: the scan failed (the photo simply has no
        -- codes). Each photo is scanned once; an import adds rows at 0.
        ALTER TABLE photo ADD COLUMN scanState INTEGER NOT NULL DEFAULT 0 CHECK (scanState IN (0, 1, 2));
        -- WGS 84 degrees (north, east positive) and metres above sea level, from EXIF GPS;
        -- written at import for new photos and by the scan for older ones. NULL: none.
        ALTER TABLE photo ADD COLUMN latitude DOUBLE CHECK (latitude BETWEEN -90 AND 90);
        ALTER TABLE photo ADD COLUMN longitude DOUBLE CHECK (longitude BETWEEN -180 AND 180);
        ALTER TABLE photo ADD COLUMN altitude DOUBLE;
        -- The nearest place ("Sausalito, California, US") from the offline geocoder. NULL
        -- until a scan with place data finds one nearby.
        ALTER TABLE photo ADD COLUMN placeName TEXT;
        CREATE INDEX photo_scanPending ON photo(id) WHERE scanState = 0;

        -- Every QR code found in a photo, in zbar's order. Corners are in upright,
        -- full-resolution pixels, in zbar's corner order.
        CREATE TABLE qrCode (
            photoID INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            x0 DOUBLE NOT NULL, y0 DOUBLE NOT NULL,
            x1 DOUBLE NOT NULL, y1 DOUBLE NOT NULL,
            x2 DOUBLE NOT NULL, y2 DOUBLE NOT NULL,
            x3 DOUBLE NOT NULL, y3 DOUBLE NOT NULL,
            PRIMARY KEY (photoID, position)
        ) WITHOUT ROWID;
        """
}
