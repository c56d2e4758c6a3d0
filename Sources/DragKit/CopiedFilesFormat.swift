import Foundation

/// `x-special/gnome-copied-files`: the file list that GNOME's and Xfce's file managers
/// (Nautilus, Thunar) paste, and that PCManFM-Qt reads before `text/uri-list`. Undocumented,
/// but fixed by what they parse: a first line `copy` or `cut`, then one URI a line, lines
/// separated by a line feed alone. Nautilus 43 checks every line with `g_uri_is_valid` (so a
/// CR or a raw space loses the whole list) and older ones reject an empty line, so nothing
/// follows the last URI.
public enum CopiedFilesFormat {
    /// `copy`, then each URI on a line of its own, percent-encoded exactly as
    /// `URIListFormat.encode` writes it.
    ///
    /// There is no `cut`: Drover's Cut moves photos only inside Drover, so another app that
    /// reads the clipboard is always told to copy, and a file manager never moves a file out
    /// of the library (`CombinedContent.Route`).
    public static func encode(_ urls: [URL]) -> Data {
        Data((["copy"] + urls.map(\.absoluteString)).joined(separator: "\n").utf8)
    }
}
