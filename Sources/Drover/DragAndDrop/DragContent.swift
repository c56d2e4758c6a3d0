import DragKit
import Foundation
import GtkKit

/// What a drag out of Drover (or a copy to the clipboard) offers GTK, made from the drag's
/// DragKit items, so that each drag is described once: by its items. DragKit decides how the
/// items travel together (`CombinedContent`); this only hands that to GTK: their files as a
/// file list, every other type as bytes made when a target asks.
@MainActor
enum DragContent {
    /// - Parameters:
    ///   - items: the items when the drag starts. They fix the types on offer: GTK announces
    ///     those when the drag starts.
    ///   - current: the items when a target asks, which can be more (photos flock into a drag
    ///     in progress); `items` when not given.
    ///   - route: a drag, or a copy or cut to the clipboard (which adds the list file managers
    ///     paste).
    static func provider(for items: [DragItem], current: (@MainActor () -> [DragItem])? = nil,
                         route: CombinedContent.Route = .drag) -> ContentProvider {
        let atStart = CombinedContent(items.map(\.provider), route: route)
        let now: @MainActor () -> CombinedContent = {
            let providers: [ItemProvider] = (current?() ?? items).map(\.provider)
            return CombinedContent(providers, route: route)
        }
        var files: ContentProvider.FileLister?
        var makeFiles: ContentProvider.FileMaker?
        if atStart.hasFiles {
            files = { now().files }
            // A photo's file is made when a target first asks for the list (`LeavingFiles`).
            makeFiles = { await now().makeFiles() }
        }
        let write: ContentProvider.Writer = { mimeType in
            let content = now()
            return try await content.load(ContentType(mimeType))
        }
        return ContentProvider.lazy(mimeTypes: atStart.types.map(\.mimeType), files: files, makeFiles: makeFiles, write: write)
    }
}
