import Foundation
import GRDB

extension PhotoLibrary {
    /// The texts of every QR code found so far, by photo, in zbar's order: what search
    /// looks through besides the items' own titles, places and albums.
    public func qrTextsByPhoto() async throws -> [PhotoID: [String]] {
        try await read { db in
            var texts: [PhotoID: [String]] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT photoID, text FROM qrCode ORDER BY photoID, position")
            while let row = try rows.next() {
                texts[PhotoID(rawValue: row[0]), default: []].append(row[1])
            }
            return texts
        }
    }
}
