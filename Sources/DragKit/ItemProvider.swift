import Foundation
import Localization

/// Reports how far a load has come, from 0 to 1. Loaders may call it from any thread.
/// Every report is also a sign of life for the stall rule (`StallRule`): a loader that
/// cannot know its size (a stream from another application) reports 0 for each chunk.
public typealias LoadProgressHandler = @Sendable (Double) -> Void

/// What one dragged thing can become: an ordered list of typed representations, each made
/// only when a target asks for it, because a drag must start instantly however expensive the
/// data is (a full-size image, a file fetched from far away).
///
/// The order is the source's preference, best first.
public struct ItemProvider: Sendable {
    /// One way to deliver the item, produced by an async loader.
    public struct Representation: Sendable {
        public let type: ContentType
        let source: Source
        /// The file, for a representation that is a file existing already (`registerFile(_:at:)`):
        /// known without loading, so a platform that lists files at once (GTK's file list) can.
        public internal(set) var existingFile: URL? = nil
        /// The file, for a representation that is a file made the first time a target asks
        /// (`registerFile(_:madeOnce:)`): listed once it is made (`CombinedContent.makeFiles`).
        public internal(set) var madeOnceFile: MadeOnceFile? = nil

        enum Source: Sendable {
            case data(@Sendable (LoadProgressHandler) async throws -> Data)
            case file(@Sendable (LoadProgressHandler) async throws -> URL)
        }

        /// Whether the loader produces a file (rather than bytes in memory).
        public var isFile: Bool {
            if case .file = source { return true }
            return false
        }
    }

    /// The name a target should give the item if it saves it as a file.
    public var suggestedName: String?
    /// The size the item would like to be shown at, known before any data is loaded, so a
    /// target can make room for it straight away.
    public var preferredPresentationSize: Size?
    public private(set) var representations: [Representation] = []

    public init(suggestedName: String? = nil, preferredPresentationSize: Size? = nil) {
        self.suggestedName = suggestedName
        self.preferredPresentationSize = preferredPresentationSize
    }

    /// The types on offer, in the source's order of preference.
    public var types: [ContentType] { representations.map(\.type) }

    /// Adds a representation whose loader produces bytes. Registering a type again replaces
    /// its loader but keeps its place in the order.
    public mutating func register(
        _ type: ContentType,
        loader: @escaping @Sendable (_ progress: LoadProgressHandler) async throws -> Data
    ) {
        add(Representation(type: type, source: .data(loader)))
    }

    /// Adds a representation whose loader produces a file. Targets receive a copy of it that
    /// lives as long as their drop's `FileLease`.
    public mutating func registerFile(
        _ type: ContentType,
        loader: @escaping @Sendable (_ progress: LoadProgressHandler) async throws -> URL
    ) {
        add(Representation(type: type, source: .file(loader)))
    }

    /// Adds a representation that is a file which exists already, such as a photo in the
    /// library: its loader just reads it, and adapters can list it without loading anything.
    public mutating func registerFile(_ type: ContentType, at file: URL) {
        add(Representation(type: type, source: .file({ _ in file }), existingFile: file))
    }

    /// Adds a representation that is a file made the first time a target asks for it, and
    /// the same file on every later ask: a photo's copy as the user sees it, which costs a
    /// copy or a decode, so it is made only for a target that wants it.
    public mutating func registerFile(_ type: ContentType, madeOnce file: MadeOnceFile) {
        add(Representation(type: type, source: .file({ _ in try await file.make() }), madeOnceFile: file))
    }

    private mutating func add(_ representation: Representation) {
        if let index = representations.firstIndex(where: { $0.type == representation.type }) {
            representations[index] = representation
        } else {
            representations.append(representation)
        }
    }

    /// Whether some representation satisfies `type` (which may be a pattern such as
    /// `image/*`). Nothing is loaded.
    public func canLoad(_ type: ContentType) -> Bool {
        representations.contains { $0.type.conforms(to: type) }
    }

    /// Whether some representation satisfies any of `types`. Nothing is loaded.
    public func canLoad(anyOf types: [ContentType]) -> Bool {
        types.contains { canLoad($0) }
    }

    /// The representation type to load for a target that accepts `acceptable`, listed in the
    /// target's order of preference.
    ///
    /// The rule: the target's preference decides first, since the target knows what it does
    /// best with. Where one acceptable entry is matched by several representations (a pattern
    /// like `image/*`), the source's order breaks the tie: it knows which of its
    /// representations is most faithful.
    public func bestType(among acceptable: [ContentType]) -> ContentType? {
        for wanted in acceptable {
            if let match = representations.first(where: { $0.type.conforms(to: wanted) }) {
                return match.type
            }
        }
        return nil
    }

    /// Loads the first representation satisfying `type` as bytes. Progress goes from 0 to 1;
    /// cancelling the calling task cancels the load, which then throws `CancellationError`
    /// and never returns data.
    public func load(_ type: ContentType, progress: @escaping LoadProgressHandler = { _ in }) async throws -> Data {
        guard let representation = representations.first(where: { $0.type.conforms(to: type) }) else {
            throw ItemProviderError.unsupportedType(type)
        }
        let report = Self.clamped(progress)
        try Task.checkCancellation()
        report(0)
        let data: Data
        switch representation.source {
        case .data(let loader):
            data = try await loader(report)
        case .file(let loader):
            let url = try await loader(report)
            try Task.checkCancellation()
            data = try Data(contentsOf: url)
        }
        try Task.checkCancellation()
        report(1)
        return data
    }

    /// Every representation a target accepting `acceptable` could load, best first: for each
    /// acceptable entry in the target's order, the representations satisfying it in the
    /// source's order. `bestType` is the first.
    public func candidateTypes(among acceptable: [ContentType]) -> [ContentType] {
        var candidates: [ContentType] = []
        for wanted in acceptable {
            for representation in representations where representation.type.conforms(to: wanted) {
                if !candidates.contains(representation.type) { candidates.append(representation.type) }
            }
        }
        return candidates
    }

    /// Loads the best representation for a target accepting `acceptable` (see `bestType`).
    ///
    /// A representation that turns out to hold nothing usable (its loader throws
    /// `ItemProviderError.unavailable`: a file list with no files in it, bytes that are no
    /// image) yields to the next candidate (`candidateTypes`), since a source often offers
    /// the same thing several ways and only reading tells which of them is real. Any other
    /// failure ends the load: it says what went wrong with the thing itself. When every
    /// candidate is unavailable, the best one's reason is thrown.
    public func loadBest(
        among acceptable: [ContentType], progress: @escaping LoadProgressHandler = { _ in }
    ) async throws -> (type: ContentType, data: Data) {
        let candidates = candidateTypes(among: acceptable)
        guard !candidates.isEmpty else { throw ItemProviderError.noAcceptableType(acceptable) }
        var firstReason: ItemProviderError?
        for type in candidates {
            do {
                return (type, try await load(type, progress: progress))
            } catch let error as ItemProviderError {
                guard case .unavailable = error else { throw error }
                firstReason = firstReason ?? error
            }
        }
        throw firstReason ?? ItemProviderError.noAcceptableType(acceptable)
    }

    /// Loads the first representation satisfying `type` as a file inside `lease`: the file
    /// stays valid until the lease ends, whatever the source does with its own copy.
    public func loadFile(
        _ type: ContentType, into lease: FileLease, progress: @escaping LoadProgressHandler = { _ in }
    ) async throws -> URL {
        guard let representation = representations.first(where: { $0.type.conforms(to: type) }) else {
            throw ItemProviderError.unsupportedType(type)
        }
        let report = Self.clamped(progress)
        try Task.checkCancellation()
        report(0)
        let destination: URL
        switch representation.source {
        case .file(let loader):
            let source = try await loader(report)
            try Task.checkCancellation()
            destination = try lease.makeFileURL(named: suggestedName ?? source.lastPathComponent)
            try FileManager.default.copyItem(at: source, to: destination)
        case .data(let loader):
            let data = try await loader(report)
            try Task.checkCancellation()
            let name = suggestedName ?? "item.\(representation.type.fileExtension)"
            destination = try lease.makeFileURL(named: name)
            try data.write(to: destination)
        }
        report(1)
        return destination
    }

    private static func clamped(_ progress: @escaping LoadProgressHandler) -> LoadProgressHandler {
        { value in progress(value.isNaN ? 0 : min(1, max(0, value))) }
    }
}

public enum ItemProviderError: Error, Equatable, LocalizedError {
    /// No representation satisfies the requested type.
    case unsupportedType(ContentType)
    /// No representation satisfies any of the acceptable types.
    case noAcceptableType([ContentType])
    /// The representation, once read, holds nothing a target can use (say why): the next
    /// candidate is tried (see `loadBest`).
    case unavailable(String)

    public var errorDescription: String? {
        switch self {
        case .unsupportedType(let type): tr("Nothing of type {type} was offered.", ["type": type])
        case .noAcceptableType: tr("Nothing that was offered can be used here.")
        case .unavailable(let reason): reason
        }
    }
}
