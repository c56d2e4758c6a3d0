import DecoderKit
import GRDB

/// The `qrCode` rows of one photo: reading and writing them.
enum QRCodeRow {
    static let columns = "text, x0, y0, x1, y1, x2, y2, x3, y3"

    /// The photo's codes in stored order; `imageSize` is the photo's upright size.
    static func fetch(_ db: Database, photoID: PhotoID, imageSize: PixelSize) throws -> [QRCode] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM qrCode WHERE photoID = ? ORDER BY position",
                         arguments: [photoID.rawValue]).map { row -> QRCode in
            let corners = (0..<4).map { (corner: Int) -> PixelPoint in
                let x: Double = row[1 + 2 * corner]
                let y: Double = row[2 + 2 * corner]
                return PixelPoint(x: x, y: y)
            }
            return QRCode(text: row[0], corners: corners, imageSize: imageSize)
        }
    }

    /// Replaces the photo's codes.
    static func replace(_ db: Database, photoID: PhotoID, with codes: [QRCode]) throws {
        try db.execute(sql: "DELETE FROM qrCode WHERE photoID = ?", arguments: [photoID.rawValue])
        for (position, code) in codes.enumerated() where code.corners.count == 4 {
            var arguments: [(any DatabaseValueConvertible)?] = [photoID.rawValue, position, code.text]
            for corner in code.corners { arguments += [corner.x, corner.y] }
            try db.execute(sql: "INSERT INTO qrCode (photoID, position, \(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           arguments: StatementArguments(arguments))
        }
    }
}
