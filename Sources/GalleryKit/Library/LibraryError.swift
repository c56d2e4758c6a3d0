import Foundation
import Localization

/// Why a library could not be opened or changed. `message` is written for the user.
///
/// When opening fails, the database file is left exactly as it was: Drover never
/// overwrites, repairs or migrates a database it does not understand. Offer
/// `LibraryLocation.suggestedFreshDirectory(near:)` instead.
public enum LibraryError: Error, Equatable, Sendable, LocalizedError {
    /// The database file is damaged or is not an SQLite database.
    case corrupt(URL, detail: String)
    /// The library folder still holds photos but its database is missing or empty.
    /// Opening it as new would lose every photo's place, albums and stacks, so it is refused.
    case damaged(URL, detail: String)
    /// A folder with files of someone else's in it: Drover will not make a library there.
    case notALibraryFolder(URL)
    /// Another Drover process has the library open.
    case inUse(URL)
    /// The disk holding the library is full.
    case diskFull(URL)
    /// The library is open read-only (its folder cannot be written): nothing can change.
    case readOnly(URL)
    /// A rebuild was asked for a library that opens as it is.
    case nothingToRebuild(URL)
    /// A newer Drover wrote this library; this version cannot read it safely.
    case newerSchema(URL)
    /// The file is a valid database, but not a Drover library.
    case notALibrary(URL)
    /// The library's folder may be written, but its database file may not (its mode, or
    /// an immutable flag): Drover would be unable to save any change.
    case databaseReadOnly(URL)
    /// The file or its folder cannot be read or written (permissions, a folder in the way, I/O error).
    case unreadable(URL, detail: String)
    /// The library folder could not be created.
    case cannotCreateDirectory(URL, detail: String)
    case albumNotFound(AlbumID)
    case photoNotFound(PhotoID)
    case itemNotFound(GalleryItem.ID)
    /// The photo's file is gone from the library folder.
    case photoFileMissing(PhotoID)
    /// The photo's file is in the library folder, but no longer the bytes Drover stored
    /// (replaced or damaged): it is reported and left as it is.
    case photoFileDamaged(PhotoID)
    /// A folder import found more images than one import may take.
    case tooManyFiles(URL, found: Int, limit: Int)
    case notADirectory(URL)
    case invalidManifest(URL, detail: String)
    /// Reading or writing the database failed while the library was open.
    case storageFailed(detail: String)
    /// A note must have some text besides spaces and line breaks.
    case emptyNote
    /// A note's text is over `limit` characters.
    case noteTooLong(limit: Int)
    /// Notes stay single tiles in All Photos: they cannot join albums or stacks, and their
    /// title is their first line, so it cannot be set.
    case notAllowedForNote(NoteID)
    /// A `PreparedImport` cannot be committed: its copy was discarded, belongs to another
    /// library, or is already a photo.
    case preparedImportUnavailable(source: URL, detail: String)

    public var message: String {
        switch self {
        case .corrupt(let url, _):
            tr("The photo library at “{url}” is damaged and cannot be opened. It has been left untouched.", ["url": url.path])
        case .damaged(let url, let detail):
            tr("The photo library at “{url}” is damaged: {detail}. It has been left untouched; Drover can rebuild a library from its photos.", ["url": url.path, "detail": detail])
        case .notALibraryFolder(let url):
            tr("“{folder}” already holds files that are not a Drover library. Drover leaves it as it is: choose an empty or new folder for a library.", ["folder": url.path])
        case .inUse(let url):
            tr("The photo library at “{url}” is in use by another Drover. Try again when it has finished.", ["url": url.path])
        case .readOnly(let url):
            tr("The photo library at “{url}” is read-only: Drover can show its photos, but not change or add any.", ["url": url.path])
        case .nothingToRebuild(let url):
            tr("The photo library at “{url}” is not damaged: there is nothing to rebuild.", ["url": url.path])
        case .diskFull(let url):
            tr("The disk holding the photo library at “{url}” is full. Free some space and try again.", ["url": url.path])
        case .newerSchema(let url):
            tr("The photo library at “{url}” was created by a newer version of Drover. Update Drover to open it; the library has been left untouched.", ["url": url.path])
        case .notALibrary(let url):
            tr("“{file}” is a database, but not a Drover photo library. It has been left untouched.", ["file": url.path])
        case .databaseReadOnly(let url):
            tr("The library's database “{file}” is read-only, so Drover cannot save changes to it. Make it writable and try again; it has been left untouched.", ["file": url.path])
        case .unreadable(let url, let detail):
            tr("The photo library at “{url}” cannot be read ({detail}). Check its permissions; it has been left untouched.", ["url": url.path, "detail": detail])
        case .cannotCreateDirectory(let url, let detail):
            tr("Drover could not create a photo library folder at “{url}” ({detail}).", ["url": url.path, "detail": detail])
        case .albumNotFound:
            tr("That album no longer exists.")
        case .photoNotFound:
            tr("That photo is no longer in the library.")
        case .itemNotFound:
            tr("That item is no longer in the library.")
        case .photoFileMissing:
            tr("The photo’s file is missing from the library folder.")
        case .photoFileDamaged:
            tr("The photo’s file in the library folder is damaged: it is no longer the photo Drover stored. It is left as it is.")
        case .tooManyFiles(let url, let found, let limit):
            tr("“{folder}” holds {found} or more images, more than the {limit} one import can take. Import a smaller folder.", ["folder": url.lastPathComponent, "found": found, "limit": limit])
        case .notADirectory(let url):
            tr("“{path}” is not a folder.", ["path": url.path])
        case .invalidManifest(let url, let detail):
            tr("The sample list “{url}” cannot be read: {detail}.", ["url": url.lastPathComponent, "detail": detail])
        case .storageFailed(let detail):
            tr("Drover could not save a change to the photo library ({detail}).", ["detail": detail])
        case .emptyNote:
            tr("A note needs some text.")
        case .noteTooLong(let limit):
            tr("The text is too long for a note: the limit is {limit} characters.", ["limit": limit])
        case .notAllowedForNote:
            tr("Notes stay in All Photos: they cannot be added to albums or stacks, and their title is their first line.")
        case .preparedImportUnavailable(let source, let detail):
            tr("“{file}” cannot be added to the library ({detail}). Import it again.", ["file": source.lastPathComponent, "detail": detail])
        }
    }

    public var errorDescription: String? { message }

    /// True for the errors that stop a library from opening, where the UI should offer a fresh one.
    public var preventsOpening: Bool {
        switch self {
        case .corrupt, .damaged, .notALibraryFolder, .inUse, .diskFull, .newerSchema, .notALibrary, .unreadable,
             .databaseReadOnly, .cannotCreateDirectory: true
        default: false
        }
    }

    /// True where the library's photos are there but its database cannot be used:
    /// offer `PhotoLibrary.rebuild(damagedAt:)`.
    public var canRebuild: Bool {
        switch self {
        case .corrupt, .damaged: true
        default: false
        }
    }
}
