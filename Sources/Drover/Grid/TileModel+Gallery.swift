import Foundation
import GalleryKit
import Localization

extension TileModel {
    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter
    }()

    /// The tile for a library item: named by its title, described by its date,
    /// stack size and albums (place and QR codes join once they are read).
    /// The description is written when a tile shows it (`details`): formatting a
    /// date for each of 100,000 items at open took seconds of the main thread.
    init(_ item: GalleryItem) {
        self.init(id: item.id.description, item: item)
    }

    static func kind(of item: GalleryItem) -> Kind {
        switch item.kind {
        case .note: .note(text: item.noteText ?? item.title)
        // A damaged copy is shown as a missing one is: its thumbnail is of bytes that are gone.
        case .stack: item.isMissing || item.isDamaged ? .missing : .stack(count: item.count)
        case .photo: item.isMissing || item.isDamaged ? .missing : .photo
        }
    }

    /// The accessible description of a library item: date, place, QR codes, stack size, albums.
    static func details(of item: GalleryItem) -> String {
        let date = dateFormatter.string(from: item.date)
        if item.kind == .note { return tr("Note. {date}", ["date": date]) }
        var details = [date]
        if let place = item.placeName { details.append(place) }
        if item.qrCodeCount > 0 { details.append(ntr("{count} QR code", "{count} QR codes", item.qrCodeCount)) }
        if item.kind == .stack { details.append(ntr("Stack of {count} photo", "Stack of {count} photos", item.count)) }
        if !item.albumNames.isEmpty { details.append(tr("In {albums}", ["albums": item.albumNames.joined(separator: ", ")])) }
        if item.isMissing { details.append(tr("The photo's file is missing from the library")) }
        if item.isDamaged { details.append(tr("The photo's file in the library is damaged")) }
        return details.joined(separator: ". ")
    }
}
