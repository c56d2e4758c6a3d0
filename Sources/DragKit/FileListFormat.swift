import Foundation

/// Which of the types a drop or the clipboard offers Drover reads a file list from.
///
/// Only a type the source offers: asked for a file list, GTK 4.8 requests from an X11 source
/// each type it could turn into one, in its own order, whether the source offered it or not,
/// and the document portal's types come first once the portal runs. Qt 5's X11 drag source
/// (PCManFM-Qt) never answers a request for a type it did not offer, so that read never
/// ends and the drop is lost: only a type in both lists is ever asked for.
///
/// Among those, the portal's before `text/uri-list`: a sandboxed source's paths name files
/// inside its sandbox, and the portal gives the reader paths it can open (for an
/// unsandboxed reader, the real ones).
public enum FileListFormat {
    /// The types a file list is read from, best first.
    public static let preference: [ContentType] = [.portalFileTransfer, .portalFiles, .uriList]

    /// The type to read: the first of `preference` that the source offers (`offered`) and
    /// the toolkit can turn into a file list (`readable`: GTK reads the portal's types only
    /// where the portal ran when it first looked); nil when there is none.
    public static func typeToRead(offered: [String], readable: [String]) -> ContentType? {
        typesToRead(offered: offered, readable: readable).first
    }

    /// Every type a file list can be read from, best first: a reader tries the next when
    /// one fails. (With the portal running, GTK 4.8 offers a folder through it, and
    /// Drover's GTK then finds no reader of the portal's key into a file list: the
    /// source's `text/uri-list` still names the folder.)
    public static func typesToRead(offered: [String], readable: [String]) -> [ContentType] {
        let offered = Set(offered.map { ContentType($0) })
        let readable = Set(readable.map { ContentType($0) })
        return preference.filter { offered.contains($0) && readable.contains($0) }
    }
}
