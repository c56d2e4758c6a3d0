import Foundation

/// `data/samples/manifest.json`: the sample library installed on first run.
///
///     { "photos": [ {"file": "harbour.jpg", "title": "Harbour at dusk"}, … ],
///       "stacks": [ {"title": "Cat", "photos": ["cat-1.jpg", "cat-2.jpg"]} ],
///       "albums": [ {"name": "Travel", "photos": ["harbour.jpg"]} ] }
///
/// "photos" lists every photo in main-collection order; a stack shows where its
/// first photo is. File names are relative to the manifest's folder.
public struct SampleManifest: Codable, Sendable, Hashable {
    public struct Entry: Codable, Sendable, Hashable {
        public var file: String
        public var title: String?
    }
    public struct Stack: Codable, Sendable, Hashable {
        public var title: String?
        public var photos: [String]
    }
    public struct Album: Codable, Sendable, Hashable {
        public var name: String
        public var photos: [String]
    }

    public var photos: [Entry]
    public var stacks: [Stack]?
    public var albums: [Album]?
}

extension PhotoLibrary {
    /// Imports the sample library described by the manifest: photos in order with their
    /// titles, then its stacks and albums. Samples that fail to import are reported and
    /// left out of stacks and albums. Call it when `isEmpty()` on first run.
    @discardableResult
    public func installSamples(manifestAt manifestURL: URL) async throws -> ImportReport {
        let manifest: SampleManifest = try await BlockingWork.run {
            do {
                return try JSONDecoder().decode(SampleManifest.self, from: Data(contentsOf: manifestURL))
            } catch let error as DecodingError {
                throw LibraryError.invalidManifest(manifestURL, detail: "\(error)")
            } catch {
                throw LibraryError.invalidManifest(manifestURL, detail: error.localizedDescription)
            }
        }
        let folder = manifestURL.deletingLastPathComponent()
        let sources = manifest.photos.map { ImportSource(url: folder.appendingPathComponent($0.file), title: $0.title) }
        let report = try await importSources(sources, into: .allPhotos())

        var idByFile: [String: PhotoID] = [:]
        for imported in report.imported {
            if let entry = manifest.photos.first(where: { folder.appendingPathComponent($0.file) == imported.source }) {
                idByFile[entry.file] = imported.id
            }
        }
        for stack in manifest.stacks ?? [] {
            let members = stack.photos.compactMap { idByFile[$0] }
            guard members.count >= 2 else { continue }
            try await makeStack(of: members.map { .photo($0) }, title: stack.title ?? "")
        }
        for album in manifest.albums ?? [] {
            let albumID = try await createAlbum(named: album.name)
            try await addPhotos(album.photos.compactMap { idByFile[$0] }, toAlbum: albumID)
        }
        return report
    }
}
