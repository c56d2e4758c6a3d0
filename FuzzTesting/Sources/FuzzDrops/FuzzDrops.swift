// What Drover itself makes of a drop (or a paste) from another application, before any
// image is decoded. The first byte picks the reader; the rest is what the source sent:
//   0: the MIME types it offers (normalised by DragKit's ContentType, matched by the rules)
//   1: a text/uri-list body (GTK parses it with GLib into GFiles; Drover turns their URIs
//      into URLs and reads scheme, path and name)
//   2: dropped text (becomes a note: checked, then titled)
// The photo-id type is never parsed from bytes: in-app drops and pastes use local objects.
import CGio
import FuzzDriver
import DragKit
import Foundation
@testable import GalleryKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDrops(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let body = UnsafeBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 3 {
    case 0:
        let lines = String(decoding: body, as: UTF8.self)
        MainActor.assumeIsolated { offeredTypes(lines) }
    case 1: uriList(body)
    default: droppedText(body)
    }
    return 0
}

/// Drover's drop rules (DragCoordinator.rules in the app).
let rules = DropRules(importableTypes: [.photoID, .uriList, .anyImage, ContentType("text/plain")])

/// One offered type per line, as `ExternalDropItem` registers them.
@MainActor
func offeredTypes(_ lines: String) {
    let types = lines.split(separator: "\n").map { ContentType(String($0)) }
    var provider = ItemProvider()
    for type in types {
        precondition(ContentType(type.mimeType) == type, "normalising \(type) again changes it")
        precondition(type.conforms(to: type), "\(type) does not conform to itself")
        precondition(type.conforms(to: "*/*"), "\(type) does not conform to */*")
        provider.register(type) { _ in throw ItemProviderError.unsupportedType(type) }
    }
    let session = DropSession(external: [DragItem(provider: provider)], offering: [.copy, .move], rules: rules)
    for target in [DropTarget.grid(insertionIndex: 0), .album(ContainerID(1)), .deleteZone, .nothing] {
        _ = session.update(target: target)
    }
    _ = session.importableItems
    session.end()
}

/// GTK's deserializer for a file list: g_uri_list_extract_uris, then a GFile per URI, whose
/// URI Drover reads back (drover_value_dup_uris) and parses (URIList.urls), then the URL
/// properties DropImporter uses to decide per item.
func uriList(_ body: UnsafeBufferPointer<UInt8>) {
    let text = Array(body) + [0]
    guard let uris = text.withUnsafeBufferPointer({ g_uri_list_extract_uris(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }) else { return }
    defer { g_strfreev(uris) }
    var index = 0
    while let uri = uris[index] {
        index += 1
        guard let file = g_file_new_for_uri(uri) else { continue }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let fileURI = g_file_get_uri(file) else { continue }
        defer { g_free(fileURI) }
        guard let url = URL(string: String(cString: fileURI)) else { continue }
        if url.isFileURL {
            _ = url.path
            _ = url.lastPathComponent
        } else {
            _ = url.absoluteString
            _ = url.scheme
        }
    }
}

/// Text as GTK hands it over (up to the first NUL, repaired as UTF-8), then the note's rules.
func droppedText(_ body: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
    let accepted = (try? NoteRow.validate(text)) != nil
    let title = NoteRow.title(of: text)
    precondition(title.count <= NoteRow.maxTitleCharacters, "a title of \(title.count) characters")
    precondition(!title.contains(where: \.isNewline), "a title with a line break")
    precondition(!accepted || !title.isEmpty, "an accepted note without a title: \(text.debugDescription)")
}

@_cdecl("FuzzDrops_main")
public func fuzzDropsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    drover_fuzz_main(argc, argv, fuzzDrops)
}
