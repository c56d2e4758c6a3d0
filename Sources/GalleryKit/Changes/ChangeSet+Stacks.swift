import Foundation
import GRDB

/// Stack bookkeeping shared by stacking, unstacking, removal and undo.
extension ChangeSet {
    func stackMembers(_ stackID: StackID) throws -> [PhotoID] {
        try Int64.fetchAll(db, sql: "SELECT id FROM photo WHERE stackID = ? ORDER BY stackPosition, id",
                           arguments: [stackID.rawValue]).map(PhotoID.init(rawValue:))
    }

    func stackOf(_ photoID: PhotoID) throws -> StackID?? {
        guard let row = try Row.fetchOne(db, sql: "SELECT stackID FROM photo WHERE id = ?", arguments: [photoID.rawValue]) else {
            return nil  // no such photo
        }
        return .some((row[0] as Int64?).map(StackID.init(rawValue:)))
    }

    func setStack(_ photoID: PhotoID, _ stackID: StackID?, position: Int?) throws {
        try db.execute(sql: "UPDATE photo SET stackID = ?, stackPosition = ? WHERE id = ?",
                       arguments: [stackID?.rawValue, position, photoID.rawValue])
        touch([photoID])
    }

    /// After members left a stack: a stack of one becomes that single photo, in the
    /// stack's place; an empty stack disappears; otherwise its tile is updated.
    func settleStack(_ stackID: StackID) throws {
        let members = try stackMembers(stackID)
        switch members.count {
        case 0, 1:
            try editMain { main in
                let index = main.remove(.stack(stackID))
                if let only = members.first, let index { main.insert(.photo(only), at: index) }
            }
            if let only = members.first { try setStack(only, nil, position: nil) }
            try db.execute(sql: "DELETE FROM stack WHERE id = ?", arguments: [stackID.rawValue])
        default:
            touch(stackID)
        }
    }

    /// The photos an item stands for, in order. A note stands for none and is refused:
    /// every caller (albums, stacks) is somewhere notes may not go.
    func photoIDs(of item: GalleryItem.ID) throws -> [PhotoID] {
        switch item {
        case .photo(let id):
            guard try stackOf(id) != nil else { throw LibraryError.photoNotFound(id) }
            return [id]
        case .stack(let id):
            let members = try stackMembers(id)
            guard !members.isEmpty else { throw LibraryError.itemNotFound(item) }
            return members
        case .note(let id):
            throw LibraryError.notAllowedForNote(id)
        }
    }
}
