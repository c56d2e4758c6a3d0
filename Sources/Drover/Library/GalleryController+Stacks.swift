import Foundation
import GalleryKit
import Localization

/// Making and breaking stacks (Ctrl+G, Ctrl+Shift+G, the tile menu), each one step of the
/// undo history with a toast's Undo into the same step.
extension GalleryController {
    /// The stack id a redo or undo re-made `stack` under (see `stackAliases`).
    func resolve(_ stack: StackID) -> StackID {
        var id = stack
        while let newer = stackAliases[id] { id = newer }
        return id
    }

    /// Stacks `photos` (in grid order: the first is the stack's top), placed where the first
    /// of them was. Stacks are made in All Photos only: they live in the main collection, and
    /// an album shows its photos one by one.
    func stack(_ photos: [PhotoID]) {
        guard scope == .allPhotos else {
            window.announce(tr("Stacks are made in All Photos."))
            return
        }
        guard photos.count >= 2 else {
            window.announce(tr("Select two or more photos to stack them."))
            return
        }
        let noun = Self.noun(count: photos.count)
        let library = library
        Task {
            let done = tr("Stacked {photos}.", ["photos": noun])
            window.grid.sayWhereFocusLands(done + " " + Self.undoHint)
            do {
                // Where each photo was, for undo: the main order before the change.
                let before = try await library.items(in: .allPhotos).map(\.id)
                let stack = try await library.makeStack(of: photos.map { .photo($0) })
                let old = Self.places(of: photos.map { .photo($0) }, in: before)
                let undo: @MainActor () async throws -> Void = { [weak self] in
                    guard let self else { return }
                    try await library.unstack(self.resolve(stack))
                    // Unstacked, the photos stand together where the stack was; each goes back to its old place.
                    try await library.moveItems(backTo: old, in: .allPhotos)
                }
                let entry = history.record(tr("Stack {photos}", ["photos": noun]), undo: undo, redo: { [weak self] in
                    guard let self else { return }
                    let new = try await library.makeStack(of: photos.map { .photo($0) })
                    self.stackAliases[self.resolve(stack)] = new
                })
                window.toast.show(done, actionLabel: tr("Undo"), undoing: entry, announced: false, action: { [weak self] in
                    self?.undoFromToast(entry, announcing: tr("Unstacked {photos}.", ["photos": noun]),
                                        focusing: photos.map { .photo($0) }, fallback: undo)
                })
                await library.waitForObservers()
                focusFirstSayingLandingMessage(done + " " + Self.undoHint, of: [.stack(stack)])
            } catch {
                window.grid.sayWhereFocusLands(nil)
                window.toast.show(ErrorWording.sentence(.stack, error))
            }
        }
    }

    /// Replaces a stack with its photos, in stack order, where the stack was.
    func unstack(_ stack: StackID) {
        guard scope == .allPhotos else {
            window.announce(tr("Stacks are made in All Photos."))
            return
        }
        let library = library
        Task {
            do {
                guard let item = try await library.items(in: .allPhotos).first(where: { $0.id == .stack(stack) }) else {
                    throw LibraryError.itemNotFound(.stack(stack))
                }
                let photos = item.members.map(\.photoID)
                let noun = Self.noun(count: photos.count)
                let done = tr("Unstacked {photos}.", ["photos": noun])
                window.grid.sayWhereFocusLands(done + " " + Self.undoHint)
                try await library.unstack(stack)
                // Re-made from the same photos in the same order, the stack stands where its
                // first photo is, which is where the stack was.
                let undo: @MainActor () async throws -> Void = { [weak self] in
                    guard let self else { return }
                    let new = try await library.makeStack(of: photos.map { .photo($0) })
                    self.stackAliases[self.resolve(stack)] = new
                }
                let entry = history.record(tr("Unstack {photos}", ["photos": noun]), undo: undo, redo: { [weak self] in
                    guard let self else { return }
                    try await library.unstack(self.resolve(stack))
                })
                window.toast.show(done, actionLabel: tr("Undo"), undoing: entry, announced: false, action: { [weak self] in
                    self?.undoFromToast(entry, announcing: tr("Stacked {photos}.", ["photos": noun]),
                                        focusing: photos.map { .photo($0) }, fallback: undo)
                })
                await library.waitForObservers()
                focusFirstSayingLandingMessage(done + " " + Self.undoHint, of: photos.map { .photo($0) })
            } catch {
                window.grid.sayWhereFocusLands(nil)
                window.toast.show(ErrorWording.sentence(.unstack, error))
            }
        }
    }
}
