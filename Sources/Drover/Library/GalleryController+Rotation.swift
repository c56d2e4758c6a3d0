import Foundation
import GalleryKit
import Localization

extension GalleryController {
    /// Turns photos a quarter turn left or right, in the library only (their files keep
    /// their bytes; a drag out makes a turned copy: `AsSeenCopy`). Undoable with Ctrl+Z and from the
    /// toast; undo is the opposite turn.
    func rotate(_ photos: [PhotoID], by rotation: PhotoRotation) {
        guard !photos.isEmpty else { return }
        let noun = Self.noun(count: photos.count)
        let isLeft = rotation == .left
        let library = library
        Task {
            do {
                try await library.rotate(photos, by: rotation)
                let entry = history.record(isLeft ? tr("Rotate {photos} left", ["photos": noun]) : tr("Rotate {photos} right", ["photos": noun]), undo: {
                    try await library.rotate(photos, by: rotation.inverse)
                }, redo: {
                    try await library.rotate(photos, by: rotation)
                })
                let done = isLeft ? tr("Rotated {photos} left.", ["photos": noun]) : tr("Rotated {photos} right.", ["photos": noun])
                window.toast.show(done, actionLabel: tr("Undo"), undoing: entry, announced: false, action: { [weak self] in
                    self?.undoRotation(entry, photos: photos, rotation: rotation)
                })
                window.announce(done + " " + Self.undoHint)
            } catch {
                window.toast.show(ErrorWording.sentence(.rotate, error))
            }
        }
    }

    /// The toast's Undo: the history's entry if it is still the one to undo, else the
    /// opposite turn directly (the history moved on meanwhile); nothing if the turn was
    /// undone already.
    private func undoRotation(_ entry: Int, photos: [PhotoID], rotation: PhotoRotation) {
        Task {
            do {
                switch try await history.undo(entry: entry) {
                case .undone: break
                case .leftToCaller: try await library.rotate(photos, by: rotation.inverse)
                case .nothing: return
                }
                window.announce(tr("Rotation undone."))
            } catch {
                window.toast.show(ErrorWording.sentence(.undoRotation, error))
            }
        }
    }
}
