import Foundation
import GalleryKit
import GtkKit
import Localization

/// Open With… on a tile's menu: the photo opens, as the user sees it, in an application
/// the user picks. The other application gets a copy (`AsSeenCopy`, turned where the user
/// turned the photo) in a folder of its own under Drover's cache, never the library's file,
/// so an editor's Save cannot change the photo behind Drover's back. Copies older than
/// `keptFor` are removed at the next Open With (the application has long read them by then).
@MainActor
final class OpenWithApplication {
    private let window: MainWindow
    nonisolated static let keptFor: TimeInterval = 7 * 24 * 3600

    init(window: MainWindow) { self.window = window }

    /// Drover's own folder of these copies: `$XDG_CACHE_HOME/drover/open-with`.
    static var folder: URL { UserDirectories.cache.appendingPathComponent("drover/open-with", isDirectory: true) }

    func open(_ member: GalleryItem.Member) {
        let folder = Self.folder
        Task {
            let made = await Task.detached(priority: .userInitiated) { () -> Result<URL, ImportFailureReason> in
                Self.removeOldCopies(in: folder)
                let own = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
                do {
                    try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
                } catch {
                    return .failure(.writeFailed(detail: ErrorWording.reason(error)))
                }
                do throws(ImportFailureReason) {
                    return .success(try AsSeenCopy.write(member, into: own, durable: false))
                } catch {
                    // The folder made just above, empty (a failed copy leaves nothing): rmdir
                    // removes it only if so.
                    rmdir(own.path)
                    return .failure(error)
                }
            }.value
            switch made {
            case .failure(let reason):
                window.toast.show(ErrorWording.sentence(.openWith(title: member.title), reason))
            case .success(let file):
                choose(for: file, title: member.title)
            }
        }
    }

    private func choose(for file: URL, title: String) {
        AppChooser(file: file, heading: tr("Open “{title}” with", ["title": title]), parent: window.window).run { [weak self] result in
            switch result {
            case .success(nil): break
            case .success(let name?): self?.window.announce(tr("Opened “{title}” in {application}.", ["title": title, "application": name]))
            case .failure(let error): self?.window.toast.show(ErrorWording.sentence(.openWith(title: title), error))
            }
        }
    }

    /// Removes the folders of copies made more than `keptFor` ago: only folders named as
    /// Drover names them (a UUID), so nothing another program put there is touched.
    nonisolated private static func removeOldCopies(in folder: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let oldest = Date().addingTimeInterval(-keptFor)
        for name in names where UUID(uuidString: name) != nil {
            let path = folder.appendingPathComponent(name)
            if let made = (try? manager.attributesOfItem(atPath: path.path))?[.modificationDate] as? Date, made < oldest {
                try? manager.removeItem(at: path)
            }
        }
    }
}
