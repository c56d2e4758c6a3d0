import DecoderKit

/// Migration v7 (issue 16): the format of each photo's thumbnail (`ThumbnailFormat`).
///
/// Photos imported from v7 on that were JPEGs get JPEG thumbnails, "NAME.jpg"; every other
/// photo, and every photo from before, keeps a PNG, "NAME.png". The default says so for the
/// rows that are there already, whose thumbnails stay as they are.
enum SchemaV7 {
    static let sql = """
        ALTER TABLE photo ADD COLUMN thumbnailFormat TEXT NOT NULL DEFAULT 'png' CHECK (thumbnailFormat IN ('png', 'jpeg'));
        """
}
