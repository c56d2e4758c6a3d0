import DragKit
import Foundation
import GalleryKit
import Localization

/// What an import does with what came in, decided without the library or a display: what a
/// loaded drop becomes (a file list, image data to import as a photo, or text for a note),
/// which of a file list can be imported, what a placeholder is called while it loads, and
/// where a note may go. `DropImporter` asks; the library does the work.
enum ImportPolicy {
    /// What one loaded representation of a drop, a paste or `drover FILE…` becomes.
    enum Plan: Equatable {
        /// A file list: one placeholder per file or folder, where the list's was.
        case files([URL])
        /// Image data of this type: written to the drop's lease as a file and imported as a photo.
        case image(ContentType)
        /// Anything else is text: a note, where notes may go (`checkNote`).
        case note(String)
    }

    static func plan(for loaded: LoadedItem) -> Plan {
        if loaded.type == .uriList { return .files(URIListFormat.decode(loaded.data)) }
        if let type = imageType(of: loaded) { return .image(type) }
        return .note(String(decoding: loaded.data, as: UTF8.self))
    }

    /// The image type of loaded image data: its declared type, or for bytes whose
    /// type only their content tells (a download, Chromium's original file), that.
    static func imageType(of loaded: LoadedItem) -> ContentType? {
        if loaded.type.conforms(to: .anyImage) { return loaded.type }
        guard loaded.type == .webImage || loaded.type == .octetStream else { return nil }
        return WebImage.format(of: loaded.data)
    }

    /// What the placeholder is called while its data loads.
    static func placeholderTitle(for type: ContentType, suggestedName: String?) -> String {
        if type == .uriList { return suggestedName ?? tr("Dropped files") }
        if type == .webImage || type == .octetStream { return tr("Dropped image") }
        if type.conforms(to: .anyImage) { return tr("Dropped image") + "." + type.fileExtension }
        return tr("Dropped text")
    }

    /// A placeholder's title for one entry of a file list: a file by its name, anything
    /// else by its address.
    static func placeholderTitle(for url: URL) -> String {
        url.isFileURL ? url.lastPathComponent : url.absoluteString
    }

    /// Why an entry of a file list cannot be imported, or nil for a file on this computer.
    static func refusal(of url: URL) -> String? {
        guard !url.isFileURL else { return nil }
        return tr("Only files on this computer can be imported, not {scheme} addresses.", ["scheme": url.scheme ?? "?"])
    }

    /// Notes live in All Photos: text dropped on an album is refused.
    static func checkNote(in scope: CollectionScope) throws {
        guard scope == .allPhotos else { throw DropRefusal.textInAlbum }
    }

    /// A file list for a collection that is not on screen, in the order it is imported:
    /// each folder on its own, then the files together; what is not a local file fails.
    /// `isFolder` answers for the local files, in order.
    static func unseenImports(of urls: [URL], isFolder: [Bool]) -> (folders: [URL], files: [URL], failures: [String]) {
        let failures = urls.filter { !$0.isFileURL }.map { "\($0.absoluteString): only files on this computer can be imported" }
        let local = urls.filter(\.isFileURL)
        let folders = zip(local, isFolder).filter(\.1).map(\.0)
        let files = zip(local, isFolder).filter { !$0.1 }.map(\.0)
        return (folders, files, failures)
    }
}
