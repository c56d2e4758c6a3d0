import Foundation
import Testing
@testable import DragKit

/// What a Copy (or Cut) of photos puts on the clipboard for file managers: Nautilus and Thunar
/// paste only `x-special/gnome-copied-files`, PCManFM-Qt reads it before `text/uri-list`.
@Suite struct CopiedFilesFormatTests {
    func photo(_ id: Int, at path: String) -> ItemProvider {
        var provider = ItemProvider(suggestedName: (path as NSString).lastPathComponent)
        provider.register(.photoID) { _ in Data(String(id).utf8) }
        provider.registerFile(ContentType(photoFileExtension: (path as NSString).pathExtension)!,
                              at: URL(fileURLWithPath: path))
        return provider
    }

    @Test func copyThenOneURIALineWithLineFeedsAndNothingAfterTheLast() {
        let urls = [URL(fileURLWithPath: "/library/photos/chelsea-the-cat.jpg"),
                    URL(fileURLWithPath: "/library/photos/colourful-cups.png")]
        #expect(CopiedFilesFormat.encode(urls)
                == Data("copy\nfile:///library/photos/chelsea-the-cat.jpg\nfile:///library/photos/colourful-cups.png".utf8))
        #expect(CopiedFilesFormat.encode([URL(fileURLWithPath: "/a.jpg")]) == Data("copy\nfile:///a.jpg".utf8))
    }

    @Test func spacesAndNonASCIIArePercentEncodedAsTheURIListHasThem() {
        let urls = [URL(fileURLWithPath: "/library/photos/Harbour at dusk.jpg"),
                    URL(fileURLWithPath: "/library/photos/Café Zürich #2.jpg")]
        let expected = "copy\nfile:///library/photos/Harbour%20at%20dusk.jpg\nfile:///library/photos/Caf%C3%A9%20Z%C3%BCrich%20%232.jpg"
        #expect(CopiedFilesFormat.encode(urls) == Data(expected.utf8))
        // The same URIs as text/uri-list, line for line, only joined by LF instead of ended by CRLF.
        let uriList = String(decoding: URIListFormat.encode(urls), as: UTF8.self)
        #expect(uriList == "file:///library/photos/Harbour%20at%20dusk.jpg\r\nfile:///library/photos/Caf%C3%A9%20Z%C3%BCrich%20%232.jpg\r\n")
        #expect(expected.split(separator: "\n").dropFirst().map(String.init)
                == uriList.split(separator: "\r\n").map(String.init))
        // Every byte after "copy\n" is printable ASCII other than a space: what g_uri_is_valid asks.
        #expect(CopiedFilesFormat.encode(urls).dropFirst(5).allSatisfy { $0 == 0x0A || (0x21...0x7E).contains($0) })
    }

    @Test func aCopyOfPhotosAlsoOffersTheFileManagersListOfTheirFiles() async throws {
        let content = CombinedContent([photo(1, at: "/library/photos/a b.jpg"), photo(2, at: "/library/photos/ü.png"),
                                       photo(3, at: "/library/photos/c.jpg")], route: .copy)
        #expect(content.types == [.photoID, .jpeg, .png, .gnomeCopiedFiles])
        #expect(content.files.map(\.path) == ["/library/photos/a b.jpg", "/library/photos/ü.png", "/library/photos/c.jpg"])
        #expect(try await content.load(.gnomeCopiedFiles)
                == Data("copy\nfile:///library/photos/a%20b.jpg\nfile:///library/photos/%C3%BC.png\nfile:///library/photos/c.jpg".utf8))
        // The image data and ids are still there for apps that take them.
        #expect(try await content.load(.photoID) == Data("1\n2\n3".utf8))
    }

    /// Cut moves photos only inside Drover: outside it is a copy, so no file manager moves a
    /// file out of the library.
    @Test func aCutOffersOtherAppsExactlyACopy() async throws {
        let items = [photo(1, at: "/library/photos/a.jpg"), photo(2, at: "/library/photos/b.jpg")]
        let cut = CombinedContent(items, route: .cut), copy = CombinedContent(items, route: .copy)
        #expect(cut.types == copy.types)
        #expect(!cut.types.contains("application/x-kde-cutselection"))
        #expect(!cut.types.contains("x-kde-cutselection"))
        let list = try await cut.load(.gnomeCopiedFiles)
        #expect(list == Data("copy\nfile:///library/photos/a.jpg\nfile:///library/photos/b.jpg".utf8))
        #expect(try await copy.load(.gnomeCopiedFiles) == list)
    }

    @Test func aDragAndAContentWithoutFilesDoNotOfferTheList() async {
        let drag = CombinedContent([photo(1, at: "/library/photos/a.jpg")])
        #expect(drag.types == [.photoID, .jpeg])
        await #expect(throws: ItemProviderError.unsupportedType(.gnomeCopiedFiles)) { try await drag.load(.gnomeCopiedFiles) }
        var note = ItemProvider(suggestedName: "A note")
        note.register(.plainText) { _ in Data("a note".utf8) }
        let copiedNote = CombinedContent([note], route: .copy)
        #expect(copiedNote.types == [.plainText])
        await #expect(throws: ItemProviderError.unsupportedType(.gnomeCopiedFiles)) { try await copiedNote.load(.gnomeCopiedFiles) }
    }
}
