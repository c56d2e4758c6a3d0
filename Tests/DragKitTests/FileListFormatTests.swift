import Testing
@testable import DragKit

/// Which offered type a file list is read from (`FileListFormat`).
@Suite struct FileListFormatTests {
    /// What GTK 4.8 reads a file list from once the document portal runs, in its order.
    let readableWithPortal = ["application/vnd.portal.filetransfer", "application/vnd.portal.files", "text/uri-list"]

    @Test func aQtFileManagersDragIsReadAsTheURIListItOffers() {
        // PCManFM-Qt's offer: never asked for the portal's types, which it would not answer.
        let offered = ["application/x-qabstractitemmodeldatalist", "text/uri-list", "text/x-moz-url", "text/plain",
                       "libfm/files"]
        #expect(FileListFormat.typeToRead(offered: offered, readable: readableWithPortal) == .uriList)
    }

    @Test func thePortalsTypeComesFirstWhenOfferedAndReadable() {
        let offered = ["text/uri-list", "application/vnd.portal.filetransfer"]
        #expect(FileListFormat.typeToRead(offered: offered, readable: readableWithPortal) == .portalFileTransfer)
        #expect(FileListFormat.typeToRead(offered: ["application/vnd.portal.files", "text/uri-list"],
                                          readable: readableWithPortal) == .portalFiles)
    }

    @Test func theSourcesURIListIsTheFallbackAfterThePortal() {
        let offered = ["text/uri-list", "application/vnd.portal.filetransfer"]
        #expect(FileListFormat.typesToRead(offered: offered, readable: readableWithPortal) == [.portalFileTransfer, .uriList])
        #expect(FileListFormat.typesToRead(offered: ["text/plain"], readable: readableWithPortal).isEmpty)
    }

    @Test func withoutThePortalTheSourcesURIListIsRead() {
        // The portal started after Drover: GTK has no reader for its types.
        let offered = ["application/vnd.portal.filetransfer", "text/uri-list"]
        #expect(FileListFormat.typeToRead(offered: offered, readable: ["text/uri-list"]) == .uriList)
    }

    @Test func nothingReadableGivesNone() {
        #expect(FileListFormat.typeToRead(offered: ["application/vnd.portal.filetransfer"], readable: ["text/uri-list"]) == nil)
        #expect(FileListFormat.typeToRead(offered: ["text/plain", "image/png"], readable: readableWithPortal) == nil)
        #expect(FileListFormat.typeToRead(offered: [], readable: readableWithPortal) == nil)
    }

    @Test func spellingDifferencesDoNotMatter() {
        #expect(FileListFormat.typeToRead(offered: ["Text/URI-List"], readable: ["text/uri-list"]) == .uriList)
    }
}
