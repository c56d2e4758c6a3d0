import Foundation
import Localization

/// What a drop cannot become where it was dropped, said to the user on its
/// placeholder (or in a toast, for an album that is not on screen).
enum DropRefusal: LocalizedError {
    /// Notes live in All Photos only (see `PhotoLibrary.addNote`).
    case textInAlbum

    var errorDescription: String? {
        switch self {
        case .textInAlbum: tr("Albums hold photos only. Drop text on All Photos to keep it as a note.")
        }
    }
}
