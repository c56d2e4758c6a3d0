import Foundation
import TestSupport
import Testing
@testable import DecoderKit

/// The structure checks run in the confined child before any decode (`StructureCheck`), for
/// every product that decodes: an import's thumbnail, the viewer's pixels, a crop, the QR scan.
/// Drover itself no longer walks an image's structure.
@Suite final class StructureCheckTests {
    private let temp: TemporaryDirectory
    private let server: DecoderConnection

    init() throws {
        temp = try TemporaryDirectory()
        server = try DecoderConnection.start(executable: DecoderClient.installedExecutable, childProgram: nil)
    }

    deinit { server.stop() }

    @Test func aPNGCutShortIsRefusedAsIncompleteForEveryProductThatDecodes() throws {
        let whole = try TestImages.write(temp.file("whole.png"), width: 300, height: 200)
        let bytes = try Data(contentsOf: whole)
        let cut = temp.file("cut.png")
        try bytes.prefix(bytes.count * 3 / 4).write(to: cut)
        let products: [DecoderHelper.Request.Product] = [.thumbnail, .pixels, .qrCodes,
                                                         .crop(PixelRect(x: 0, y: 0, width: 10, height: 10), of: PixelSize(width: 300, height: 200))]
        for product in products {
            #expect(try answer(cut, product: product).hasPrefix("fail incomplete the PNG is cut short"), "\(product)")
            #expect(try answer(whole, product: product).hasPrefix("ok "), "\(product)")
        }
        // Reading the EXIF decodes nothing, so nothing is refused.
        #expect(try answer(cut, product: .exif) == "ok exif")
    }

    @Test func aTIFFVariantGdkPixbufDecodesWronglyIsRefusedAsUnsupported() throws {
        #expect(try answer(Repository.fixture("cmyk16.tif"), product: .thumbnail) == "fail unsupported 16-bit CMYK TIFF")
    }

    /// The first line the child answers for `file`.
    private func answer(_ file: URL, product: DecoderHelper.Request.Product) throws -> String {
        let output = temp.file("out-\(UUID().uuidString)")
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 256, product: product,
                                            fullSize: nil, input: file.path, output: output.path)
        let finished = try server.run(request.arguments, wallSeconds: 30, answerWithin: 40)
        return String(finished.output.prefix { $0 != "\n" })
    }
}
