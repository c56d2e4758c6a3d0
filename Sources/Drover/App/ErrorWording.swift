import Foundation
import GalleryKit
import Localization

/// The one place where errors become words for the user: what could not be done ("Could not
/// rotate: …"), then why, in the error's own words (`reason`). Every toast, tile, view and
/// terminal message that reports a failure takes its sentence here.
enum ErrorWording {
    /// What the user asked for that failed.
    enum Attempt: Equatable {
        case readLibrary, openCollection, movePhotos, delete, removeFromAlbum, restore, moveToTrash
        case addToAlbum(named: String)
        case moveAlbum, createAlbum, renameAlbum, deleteAlbum
        case rotate, undoRotation, undo, redo, stack, unstack
        case readDetails, renamePhoto, installSamples
        case openWith(title: String)
    }

    /// "Could not rotate: the disk is full.": what failed, and why.
    static func sentence(_ attempt: Attempt, _ error: any Error) -> String {
        let reason = reason(error)
        return switch attempt {
        case .readLibrary: tr("Could not read the library: {error}", ["error": reason])
        case .openCollection: tr("Could not open this collection: {error}", ["error": reason])
        case .movePhotos: tr("Could not move the photos: {error}", ["error": reason])
        case .delete: tr("Could not delete: {error}", ["error": reason])
        case .removeFromAlbum: tr("Could not remove from the album: {error}", ["error": reason])
        case .restore: tr("Could not restore: {error}", ["error": reason])
        case .moveToTrash: tr("Could not move photos to the Trash: {error}", ["error": reason])
        case .addToAlbum(let name): tr("Could not add to “{album}”: {error}", ["album": name, "error": reason])
        case .moveAlbum: tr("Could not move the album: {error}", ["error": reason])
        case .createAlbum: tr("Could not create the album: {error}", ["error": reason])
        case .renameAlbum: tr("Could not rename the album: {error}", ["error": reason])
        case .deleteAlbum: tr("Could not delete the album: {error}", ["error": reason])
        case .rotate: tr("Could not rotate: {error}", ["error": reason])
        case .undoRotation: tr("Could not undo the rotation: {error}", ["error": reason])
        case .undo: tr("Could not undo: {error}", ["error": reason])
        case .redo: tr("Could not redo: {error}", ["error": reason])
        case .stack: tr("Could not stack the photos: {error}", ["error": reason])
        case .unstack: tr("Could not unstack: {error}", ["error": reason])
        case .readDetails: tr("Could not read the photo's details: {error}", ["error": reason])
        case .renamePhoto: tr("Could not rename the photo: {error}", ["error": reason])
        case .installSamples: tr("The sample photos could not be installed: {error}", ["error": reason])
        case .openWith(let title): tr("Could not open “{title}” in another application: {error}", ["title": title, "error": reason])
        }
    }

    /// An import that failed where its tile is not shown (its collection was left while it
    /// loaded), `message` saying why.
    static func importFailed(_ title: String, because message: String) -> String {
        tr("Could not import {title}: {message}", ["title": title, "message": message])
    }

    /// A drop on the row of an album not on screen that failed, `message` saying why.
    static func albumDropFailed(_ album: String, because message: String) -> String {
        tr("Could not add the dropped items to {album}: {message}", ["album": album, "message": message])
    }

    /// A photo Export… or Open With… could not write, `folder` naming where it was going:
    /// the reasons a copy meets (a full disk, a folder that cannot be written to) are said
    /// of that folder, not of the library, as the import's own wording of them would.
    static func exportFailed(_ title: String, to folder: String, _ reason: ImportFailureReason) -> String {
        switch reason {
        case .diskFull:
            tr("Could not export “{title}”: there is not enough space left in {folder}.", ["title": title, "folder": folder])
        case .writeFailed(let detail):
            tr("Could not export “{title}”: Drover cannot write into {folder} ({detail}).",
               ["title": title, "folder": folder, "detail": detail])
        case .vanished, .doesNotExist:
            tr("Could not export “{title}”: its file is missing from the library.", ["title": title])
        default:
            tr("Could not export “{title}”: {error}", ["title": title, "error": reason.message])
        }
    }

    /// Why something failed, in the error's own words: its localized description where it
    /// has one (the library's errors, a refused drop), else what Swift prints of it.
    static func reason(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
