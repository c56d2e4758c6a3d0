import ChangeKit
import Foundation

/// Finds the items of a collection whose words contain a query, fast enough to answer
/// every keystroke: 10,000 photos in well under a millisecond or two (see
/// `benchmarks/search-scale.sh`). It holds, per item, one folded text of everything a
/// person may search for: the title (and, for a stack, its photos' titles), the place
/// name, the album names, the QR codes' texts and a note's text. A query matches an item
/// when every word of it occurs somewhere in that text (case and accents ignored).
///
/// An in-memory index rather than SQL: the texts come from four tables, and a scan of
/// prepared bytes is faster than any join per keystroke, with no schema change.
public struct SearchIndex: Sendable {
    private var texts: [[UInt8]]
    private let qrTexts: [PhotoID: [String]]

    /// Indexes `items`; `qrTexts` holds the QR codes' texts of each photo
    /// (`PhotoLibrary.qrTextsByPhoto()`).
    public init(items: [GalleryItem], qrTexts: [PhotoID: [String]]) {
        self.qrTexts = qrTexts
        texts = items.map { Self.text(of: $0, qrTexts: qrTexts) }
    }

    public var count: Int { texts.count }

    /// Follows a change of the indexed items (in the order indexed), folding only the
    /// inserted and updated ones: indexing 100,000 photos again after every change would
    /// take longer than many frames.
    public mutating func apply(_ steps: [ChangeStep<GalleryItem>]) {
        let qrTexts = qrTexts
        texts.apply(steps.map { step in step.map { Self.text(of: $0, qrTexts: qrTexts) } })
    }

    private static func text(of item: GalleryItem, qrTexts: [PhotoID: [String]]) -> [UInt8] {
        var parts = [item.title]
        parts += item.members.map(\.title)
        if let place = item.placeName { parts.append(place) }
        parts += item.albumNames
        if let note = item.noteText { parts.append(note) }
        for member in item.members { parts += qrTexts[member.photoID] ?? [] }
        // A newline between fields, so no word runs from one field into the next.
        return Array(fold(parts.joined(separator: "\n")).utf8)
    }

    /// Whether each indexed item (in the order indexed) matches `query`: what a view that
    /// keeps the items' positions filters by, with no ids to hash.
    public func matchMask(_ query: String) -> [Bool] {
        let words = Self.fold(query).split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
        guard !words.isEmpty else { return Array(repeating: true, count: texts.count) }
        return texts.map { text in words.allSatisfy { Self.contains(text, $0) } }
    }

    /// Lowercased, without accents: "Café" and "CAFE" both become "cafe".
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `word` occurs in `text`: memchr to each candidate first byte, then memcmp
    /// (glibc's memmem needs _GNU_SOURCE, which Swift does not set).
    private static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, word.count <= text.count else { return word.isEmpty }
        return text.withUnsafeBytes { haystack in
            word.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return false }
                let lastStart = haystack.count - needle.count
                var offset = 0
                while offset <= lastStart {
                    guard let hit = memchr(base + offset, Int32(first), lastStart - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, wanted, needle.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            }
        }
    }
}
