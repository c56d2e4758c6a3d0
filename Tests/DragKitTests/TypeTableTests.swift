import Foundation
import ImageFormats
import Testing
@testable import DragKit

/// The one type table: image types come from `ImageFormats`, so a photo's type, the types a
/// target accepts and the extension given to dropped data all agree.
@Suite struct TypeTableTests {
    @Test func everyPhotoExtensionNamesItsTypeInAnyCase() {
        #expect(ContentType(photoFileExtension: "JPG") == .jpeg)
        #expect(ContentType(photoFileExtension: "jfif") == .jpeg)
        #expect(ContentType(photoFileExtension: "tif") == "image/tiff")
        #expect(ContentType(photoFileExtension: "heif") == "image/heic")
        #expect(ContentType(photoFileExtension: "geojson") == nil)
        #expect(ContentType(photoFileExtension: "") == nil)
    }

    @Test func aTypeAndItsExtensionGoBothWays() throws {
        for image in ImageFormat.photoFormats {
            let type = try #require(ContentType(image))
            #expect(ContentType.images.contains(type))
            #expect(type.conforms(to: .anyImage))
            #expect(ContentType(photoFileExtension: type.fileExtension) == type, "\(type)")
        }
        #expect(ContentType.jpeg.fileExtension == "jpg")
        #expect(ContentType.plainText.fileExtension == "txt")
        #expect(ContentType.geoJSON.fileExtension == "geojson")
        #expect(ContentType("application/x-unknown").fileExtension == "data")
    }

    @Test func targetsPreferLosslessPNGFirstAndTheTableHasNoDuplicates() {
        #expect(ContentType.images.first == .png)
        #expect(Set(ContentType.images).count == ContentType.images.count)
        let extensions = ImageFormat.photoFormats.flatMap(\.fileExtensions)
        #expect(Set(extensions).count == extensions.count, "an extension names two types")
    }

    @Test func imageTypesAreFoundByMIMETypeWhateverTheSpelling() {
        #expect(ImageFormat(photoMIMEType: "Image/PNG") == .png)
        #expect(ImageFormat(photoMIMEType: "image/jpeg; q=1") == .jpeg)
        #expect(ImageFormat(photoMIMEType: "image/svg+xml") == nil)
        #expect(ImageFormat(photoMIMEType: "image/heif") == .heic)   // shared-mime-info's name for HEIC files
    }

    /// The desktop file cannot read the table, so it is checked against it: "Open With
    /// Drover" must only be offered for types the library takes.
    @Test func theDesktopFileOffersOnlyTypesFromTheTable() throws {
        let desktop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/app.drover.Drover.desktop")
        let text = try String(contentsOf: desktop, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let types = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        #expect(!types.isEmpty)
        for type in types { #expect(ImageFormat(photoMIMEType: type) != nil, "\(type) is not in the table") }
    }

    @Test func listingTypesCombineAndSingleOnesDoNot() {
        #expect(ContentType.uriList.separatorWhenCombined == "")
        #expect(ContentType.photoID.separatorWhenCombined == "\n")
        #expect(ContentType.plainText.separatorWhenCombined == "\n\n")
        #expect(ContentType.png.separatorWhenCombined == nil)
        #expect(ContentType.geoJSON.separatorWhenCombined == nil)
    }
}

/// Several items as one content (a GTK drag, the clipboard).
@Suite struct CombinedContentTests {
    /// A photo item as Drover's tiles make it: its id, its library file, and maybe a note's text.
    func photo(_ id: Int, _ file: String, text: String? = nil) -> ItemProvider {
        var provider = ItemProvider(suggestedName: file)
        provider.register(.photoID) { _ in Data(String(id).utf8) }
        provider.registerFile(ContentType(photoFileExtension: (file as NSString).pathExtension)!,
                              at: URL(fileURLWithPath: "/library/\(file)"))
        if let text { provider.register(.plainText) { _ in Data(text.utf8) } }
        return provider
    }

    @Test func typesAreTheUnionInOrderOfFirstAppearance() {
        let content = CombinedContent([photo(1, "a.jpg"), photo(2, "b.png", text: "hi"), photo(3, "c.jpg")])
        #expect(content.types == [.photoID, .jpeg, .png, .plainText])
        #expect(CombinedContent([]).types.isEmpty)
    }

    @Test func everyExistingFileIsListedInItemOrderWithoutLoadingAnything() {
        var located = photo(7, "bridge.jpg")
        located.registerFile(.geoJSON, at: URL(fileURLWithPath: "/cache/Bridge.geojson"))
        var loaded = ItemProvider()
        loaded.registerFile(.png) { _ in Issue.record("a file list must not load"); return URL(fileURLWithPath: "/x") }
        let content = CombinedContent([photo(1, "a.jpg"), located, loaded])
        #expect(content.files.map(\.path) == ["/library/a.jpg", "/library/bridge.jpg", "/cache/Bridge.geojson"])
    }

    @Test func listingTypesJoinEveryItemsPayload() async throws {
        let content = CombinedContent([photo(1, "a.jpg", text: "first"), photo(22, "b.png"), photo(3, "c.jpg", text: "last")])
        #expect(try await content.load(.photoID) == Data("1\n22\n3".utf8))
        #expect(try await content.load(.plainText) == Data("first\n\nlast".utf8))
    }

    @Test func uriListsConcatenateAsTheirLinesAreEnded() async throws {
        func list(_ uri: String) -> ItemProvider {
            var provider = ItemProvider()
            provider.register(.uriList) { _ in Data("\(uri)\r\n".utf8) }
            return provider
        }
        let content = CombinedContent([list("file:///a"), list("file:///b")])
        #expect(try await content.load(.uriList) == Data("file:///a\r\nfile:///b\r\n".utf8))
    }

    @Test func aSingleThingIsTheTopItemsTheLastThatOffersIt() async throws {
        var first = ItemProvider(), second = ItemProvider(), top = ItemProvider()
        first.register(.png) { _ in Data("first".utf8) }
        second.register(.png) { _ in Data("second".utf8) }
        top.register(.plainText) { _ in Data("a note".utf8) }
        let content = CombinedContent([first, second, top])
        #expect(try await content.load(.png) == Data("second".utf8))
    }

    @Test func aTypeNoItemOffersFailsClearly() async {
        await #expect(throws: ItemProviderError.unsupportedType(.geoJSON)) {
            try await CombinedContent([photo(1, "a.jpg")]).load(.geoJSON)
        }
    }

    @Test func anExistingFileIsReadWhenItsTypeIsAsked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("crop.png")
        try Data("png bytes".utf8).write(to: file)
        var crop = ItemProvider()
        crop.registerFile(.png, at: file)
        #expect(crop.representations.first?.existingFile == file)
        #expect(try await CombinedContent([crop]).load(.png) == Data("png bytes".utf8))
    }
}
