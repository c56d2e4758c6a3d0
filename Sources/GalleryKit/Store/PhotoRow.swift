import DecoderKit
import Foundation
import GRDB

/// A `photo` table row, as read by queries in this module.
struct PhotoRow: Sendable {
    static let columns = "id, fileName, originalFileName, title, width, height, dateTaken, fileDate, dateAdded, stackID, stackPosition, "
        + "scanState, latitude, longitude, altitude, placeName, rotation, contentHash, thumbnailFormat, fileDamaged"

    var id: PhotoID
    var fileName: String
    var originalFileName: String
    var title: String
    var pixelSize: PixelSize
    var dateTaken: Date?
    var fileDate: Date?
    var dateAdded: Date
    var stackID: StackID?
    var stackPosition: Int?
    /// Schema v3: the background scan's state and findings.
    var scanState: ScanState = .notScanned
    var location: PhotoLocation?
    var placeName: String?
    /// Schema v6: the user's turn, and the copy's content hash (`ContentHash`; nil until computed).
    var rotation: PhotoRotation = .upright
    var contentHash: String?
    /// Schema v7.
    var thumbnailFormat: ThumbnailFormat = .png
    /// Schema v9: the library copy is not the photo's bytes any more (`FileCheck`).
    var fileDamaged = false

    init(row: Row) {
        id = PhotoID(rawValue: row[0])
        fileName = row[1]
        originalFileName = row[2]
        title = row[3]
        pixelSize = PixelSize(width: row[4], height: row[5])
        dateTaken = (row[6] as Double?).map(Date.init(timeIntervalSince1970:))
        fileDate = (row[7] as Double?).map(Date.init(timeIntervalSince1970:))
        dateAdded = Date(timeIntervalSince1970: row[8])
        stackID = (row[9] as Int64?).map(StackID.init(rawValue:))
        stackPosition = row[10]
        scanState = ScanState(rawValue: row[11]) ?? .notScanned
        if let latitude = row[12] as Double?, let longitude = row[13] as Double? {
            location = PhotoLocation(latitude: latitude, longitude: longitude, altitude: row[14])
        }
        placeName = row[15]
        rotation = PhotoRotation(quarterTurns: row[16])
        contentHash = row[17]
        thumbnailFormat = ThumbnailFormat(rawValue: row[18]) ?? .png
        fileDamaged = row[19]
    }

    init(id: PhotoID, fileName: String, originalFileName: String, title: String, pixelSize: PixelSize,
         dateTaken: Date?, fileDate: Date?, dateAdded: Date, stackID: StackID?, stackPosition: Int?) {
        self.id = id
        self.fileName = fileName
        self.originalFileName = originalFileName
        self.title = title
        self.pixelSize = pixelSize
        self.dateTaken = dateTaken
        self.fileDate = fileDate
        self.dateAdded = dateAdded
        self.stackID = stackID
        self.stackPosition = stackPosition
    }

    var displayDate: Date { dateTaken ?? fileDate ?? dateAdded }

    /// Inserts the row, keeping `id` (restoring after undo reuses the original id).
    func insert(_ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO photo (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [id.rawValue, fileName, originalFileName, title, pixelSize.width, pixelSize.height,
                        dateTaken?.timeIntervalSince1970, fileDate?.timeIntervalSince1970,
                        dateAdded.timeIntervalSince1970, stackID?.rawValue, stackPosition,
                        scanState.rawValue, location?.latitude, location?.longitude, location?.altitude, placeName,
                        rotation.quarterTurns, contentHash, thumbnailFormat.rawValue, fileDamaged])
    }

    func photo(in location: LibraryLocation) -> Photo {
        Photo(id: id, fileURL: location.photoURL(fileName: fileName),
              thumbnailURL: location.thumbnailURL(photoFileName: fileName, format: thumbnailFormat), thumbnailFormat: thumbnailFormat,
              originalFileName: originalFileName, title: title, pixelSize: pixelSize,
              dateTaken: dateTaken, fileDate: fileDate, dateAdded: dateAdded, stackID: stackID,
              location: self.location, placeName: placeName, rotation: rotation)
    }
}

extension Database {
    /// Runs `body` for slices of `values` small enough for SQLite's argument limit.
    func inChunks<Value, Result>(_ values: [Value], _ body: ([Value]) throws -> [Result]) rethrows -> [Result] {
        var results: [Result] = []
        var start = 0
        while start < values.count {
            let end = min(start + 500, values.count)
            results += try body(Array(values[start..<end]))
            start = end
        }
        return results
    }
}

func questionMarks(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}
