import DragKit
import Foundation
import GalleryKit

/// DragKit items for Drover's tiles: the one description of what a drag (or a copy) of tiles
/// carries. GTK's content is made from these items (`DragContent`), so other applications
/// receive what DragKit sees.
///
/// One item per photo (a stack drags as its photos), identified by its photo id so a photo
/// never joins a drag twice, offering its id (in-app drops and pastes) and its file as the
/// user sees it (`LeavingFiles`: a file manager copies it; an image editor reads its bytes);
/// a note offers its text.
///
/// Made by `DragCoordinator.items`, with the albums the sidebar lists now.
struct DragItems {
    /// The albums by name (`DragContext.albumIDsByName`).
    let albumIDsByName: [String: ContainerID]
    /// Where this drag's (or copy's) photos are written when a target asks for them.
    let leaving = LeavingFolder()

    /// The albums a tile's photo is in, when that is known per photo: a single photo's.
    /// (A stack lists the albums of any of its photos, which says nothing of each one.)
    private func containers(of tile: GalleryItem) -> Set<ContainerID> {
        guard tile.members.count == 1 else { return [] }
        return Set(tile.albumNames.compactMap { albumIDsByName[$0] })
    }

    /// The items of a drag or copy of `picked` tiles: their photos (and notes), and nothing
    /// else. A located photo drags as itself alone, exactly as any photo does: a file manager,
    /// a web page or a single-file upload field gets the photo. Its location has a drag of
    /// its own (`make(forLocationOf:)`).
    func make(forDragOf picked: [(index: Int, item: GalleryItem)]) -> [DragItem] {
        picked.flatMap { make(for: $0.item, at: $0.index) }
    }

    /// The drag of a photo's location, from the location badge on its tile: a `.geojson`
    /// file (GNOME Maps takes one dropped file and reads GeoJSON by its name; it also
    /// travels as `application/geo+json`), and a `geo:` URI as text. Nil for a tile that is
    /// not one photo with a location.
    @MainActor static func make(forLocationOf tile: GalleryItem) -> [DragItem]? {
        guard tile.members.count == 1, let member = tile.members.first, let location = tile.location else { return nil }
        var provider = ItemProvider(suggestedName: nil)
        // Written now, while the drag starts: a drop may read it at any moment.
        if let file = LocationFiles.file(for: tile) {
            provider.suggestedName = file.lastPathComponent
            provider.registerFile(.geoJSON, at: file)
        } else {
            provider.register(.geoJSON) { _ in location.geoJSON(name: tile.placeName ?? tile.title) }
        }
        provider.register(.plainText) { _ in Data(location.geoURI.utf8) }
        return [DragItem(provider: provider, localObject: LocalObject("location \(member.photoID.rawValue)"))]
    }

    /// The items of a drag of the photo the viewer shows: exactly its tile's when the tile is
    /// that one photo; a stack's photo on show drags alone.
    func make(forViewing member: GalleryItem.Member, of tile: GalleryItem, at index: Int) -> [DragItem] {
        if tile.members.count == 1 { return make(forDragOf: [(index, tile)]) }
        var provider = ItemProvider(suggestedName: member.fileURL.lastPathComponent)
        addPhoto(member, to: &provider)
        return [DragItem(provider: provider, localObject: LocalObject(member.photoID), sourceIndex: index,
                         containers: containers(of: tile))]
    }

    /// One tile's items: for a drag or copy of tiles, a tile that joins a drag in progress
    /// (flocking), and moves that hand no data to anyone (keyboard drags, Move Earlier).
    func make(for tile: GalleryItem, at index: Int) -> [DragItem] {
        if let text = tile.noteText {
            // A note travels as its text; it reorders like a photo but joins no album.
            var provider = ItemProvider(suggestedName: tile.title)
            provider.register(.plainText) { _ in Data(text.utf8) }
            return [DragItem(provider: provider, localObject: LocalObject(tile.id), sourceIndex: index)]
        }
        return tile.members.map { member in
            var provider = ItemProvider(suggestedName: member.fileURL.lastPathComponent)
            addPhoto(member, to: &provider)
            return DragItem(provider: provider, localObject: LocalObject(member.photoID), sourceIndex: index,
                            containers: containers(of: tile))
        }
    }

    /// A photo's own representations: its id, then its file as the user sees it under its
    /// image type (a file of a type the table does not name still goes to file managers, as
    /// bytes of no particular type). A turned photo that is not a JPEG leaves as a PNG
    /// (`AsSeenCopy`).
    private func addPhoto(_ member: GalleryItem.Member, to provider: inout ItemProvider) {
        let id = member.photoID
        provider.register(.photoID) { _ in Data(String(id.rawValue).utf8) }
        var type = ContentType(photoFileExtension: member.fileURL.pathExtension) ?? .octetStream
        if !member.rotation.isUpright, type != .jpeg { type = .png }
        provider.registerFile(type, madeOnce: leaving.file(for: member))
    }
}
