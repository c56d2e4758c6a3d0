import DragKit
import Foundation
import GalleryKit
import GtkKit

/// The files photos leave Drover as, by a drag or a Copy: copies as the user sees them
/// (`AsSeenCopy`: turned where the user turned them, named after their titles), never the
/// library's own files. So whatever a target does with what it received (an editor saves
/// over it, a file manager moves it, a script deletes it) cannot touch the library.
///
/// Each drag or copy has a folder of its own, so its names are distinct among themselves;
/// a photo's copy is made the first time a target asks for the files (`MadeOnceFile`), off
/// the main thread. The folders live in the user's cache under `drover/leaving/`, named
/// after the Drover that made them (`PID-UUID`), and stay while that Drover runs: a target
/// may read a file long after the drop (a web page uploads it when its form is sent, a paste
/// can come an hour later). A Drover removes its own at quit, and at its first drag those
/// of Drovers that are gone (killed before they could): only folders named so.
final class LeavingFolder: Sendable {
    let url: URL

    init() {
        url = LeavingFiles.root.appendingPathComponent("\(getpid())-\(UUID().uuidString)", isDirectory: true)
    }

    /// The file `member` leaves as, made when first asked for.
    func file(for member: GalleryItem.Member) -> MadeOnceFile {
        let folder = url
        return MadeOnceFile {
            try await Task.detached(priority: .userInitiated) {
                LeavingFiles.removeGoneRunsOnce()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return try AsSeenCopy.write(member, into: folder, durable: false)
            }.value
        }
    }
}

enum LeavingFiles {
    static let root = UserDirectories.cache.appendingPathComponent("drover/leaving", isDirectory: true)

    /// Removes this Drover's folders (at quit).
    static func removeThisRun() {
        remove { $0 == getpid() }
    }

    /// Removes the folders of Drovers that are gone, once per run.
    static func removeGoneRunsOnce() { _ = goneRunsRemoved }
    private static let goneRunsRemoved: Void = remove { pid in pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH }

    /// Removes the folders named `PID-UUID` whose PID `matches`, and nothing else.
    private static func remove(where matches: (pid_t) -> Bool) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            guard let dash = name.firstIndex(of: "-"), let pid = pid_t(name[..<dash]), pid > 0,
                  UUID(uuidString: String(name[name.index(after: dash)...])) != nil, matches(pid) else { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name, isDirectory: true))
        }
    }
}
