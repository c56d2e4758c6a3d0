import Testing
@testable import ImageFormats

/// The one table of image formats: a row for every format, and no two formats that claim
/// the same extension, MIME type or signature.
@Suite struct ImageFormatTableTests {
    @Test func everyFormatHasOneRow() {
        #expect(ImageFormat.table.map(\.format) == ImageFormat.allCases)
    }

    @Test func namesAndSignaturesBelongToOneFormatEach() {
        let mimeTypes = ImageFormat.allCases.compactMap(\.mimeType)
        #expect(Set(mimeTypes).count == mimeTypes.count)
        let signatures = ImageFormat.table.flatMap(\.signatures)
        for (index, signature) in signatures.enumerated() {
            for (other, second) in signatures.enumerated() where other != index {
                #expect(!second.starts(with: signature), "\(signature) is a prefix of \(second)")
            }
        }
        #expect(ImageFormat.photoFormats == [.png, .jpeg, .gif, .webp, .tiff, .bmp, .heic, .avif])
    }
}
