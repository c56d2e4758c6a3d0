import Foundation
import GalleryKit
import GtkKit

/// The QR codes of the photos on screen, with their crops ready as PNG files,
/// so that a drag can offer them the moment it starts (a drop may read the
/// files at once). Crops are made off the main thread, once per photo, into
/// the user's cache.
@MainActor
final class QRCodeStore {
    struct Codes {
        let codes: [QRCode]
        /// One PNG per code, in the same order.
        let crops: [URL]
    }

    private let library: PhotoLibrary
    private var loaded: [PhotoID: Codes] = [:]
    private var loading: [PhotoID: Task<Codes?, Never>] = [:]

    init(library: PhotoLibrary) {
        self.library = library
    }

    func codes(for photo: PhotoID) -> Codes? { loaded[photo] }

    /// Reads the photo's codes and makes their crops (named by their text).
    func load(for photo: PhotoID, file: URL) async -> Codes? {
        if let codes = loaded[photo] { return codes }
        if let pending = loading[photo] { return await pending.value }
        let library = self.library
        let task = Task<Codes?, Never> {
            guard let codes = try? await library.qrCodes(for: photo), !codes.isEmpty else { return nil }
            let folder = Self.directory.appendingPathComponent(String(photo.rawValue), isDirectory: true)
            var crops: [URL] = []
            for (index, code) in codes.enumerated() {
                let url = folder.appendingPathComponent(Self.fileName(for: code, index: index))
                if !FileManager.default.fileExists(atPath: url.path) {
                    guard let png = try? await code.croppedPNG(from: file) else { return nil }
                    let written: Bool = await Task.detached {
                        (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
                            && (try? png.write(to: url, options: .atomic)) != nil
                    }.value
                    guard written else { return nil }
                }
                crops.append(url)
            }
            return Codes(codes: codes, crops: crops)
        }
        loading[photo] = task
        let result = await task.value
        loading[photo] = nil
        if let result { loaded[photo] = result }
        return result
    }

    static var directory: URL {
        UserDirectories.cache.appendingPathComponent("drover/qr", isDirectory: true)
    }

    /// "QR code 1 - drover.example sample one.png": readable in a file manager.
    static func fileName(for code: QRCode, index: Int) -> String {
        let allowed = code.text.map { $0.isLetter || $0.isNumber ? $0 : " " }
        let words = String(allowed).split(separator: " ").prefix(6).joined(separator: " ")
        return "QR code \(index + 1)" + (words.isEmpty ? "" : " - \(words.prefix(60))") + ".png"
    }
}
