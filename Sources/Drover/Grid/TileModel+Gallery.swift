import Foundation
import GalleryKit

extension TileModel {
    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter
    }()

    /// The tile for a library item: named by its title, described by its date,
    /// stack size and albums (place and QR codes join once they are read).
    init(_ item: GalleryItem) {
        var details = [Self.dateFormatter.string(from: item.date)]
        if let place = item.placeName { details.append(place) }
        if item.qrCodeCount > 0 { details.append(item.qrCodeCount == 1 ? "1 QR code" : "\(item.qrCodeCount) QR codes") }
        if item.kind == .stack { details.append("Stack of \(item.count) photos") }
        if !item.albumNames.isEmpty { details.append("In " + item.albumNames.joined(separator: ", ")) }
        if item.isMissing { details.append("The photo's file is missing from the library") }
        let kind: Kind
        switch item.kind {
        case .note: kind = .note(text: item.noteText ?? item.title)
        case .stack: kind = item.isMissing ? .missing : .stack(count: item.count)
        case .photo: kind = item.isMissing ? .missing : .photo
        }
        if item.kind == .note { details = ["Note", details[0]] }
        self.init(id: item.id.description, title: item.title, kind: kind,
                  details: details.joined(separator: ". "), thumbnails: item.thumbnailURLs,
                  qrCount: item.qrCodeCount,
                  coverPhoto: item.members.first.map { PhotoReference(id: $0.photoID.rawValue, file: $0.fileURL) },
                  hasLocation: item.location != nil)
    }
}
