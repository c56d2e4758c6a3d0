import Foundation
import GalleryKit
import GtkKit
import Localization

/// Export… (Ctrl+E, and the tile menu): the photos chosen are written, as the user sees
/// them (`AsSeenCopy`: turned where the user turned them, names from titles, never over a
/// file already there, each complete or absent), into a folder chosen in the file chooser.
/// One photo at a time, off the main thread; an export of more than a handful of photos,
/// or one that takes over a second, shows its progress in a toast with Cancel, which stops
/// it between two photos. The end is one toast (said once to a screen reader) with
/// "Show in Files", which shows the exported files in the file manager.
@MainActor
final class PhotoExporter {
    private let window: MainWindow
    /// Drover's own library folder: an export never writes into it.
    private let library: URL
    /// More photos than this show the progress toast at once; fewer, after `progressDelay`.
    static let handful = 5
    static let progressDelay: UInt32 = 1000
    /// Tests only: a pause before each photo, so an export lasts long enough to be
    /// cancelled (`DROVER_EXPORT_DELAY_MS`, read here only).
    nonisolated static let testDelayMilliseconds: UInt32 =
        ProcessInfo.processInfo.environment["DROVER_EXPORT_DELAY_MS"].flatMap { UInt32($0) } ?? 0

    init(window: MainWindow, library: URL) {
        self.window = window
        self.library = library
    }

    /// Asks for a folder, then exports the photos `items` stand for (a stack's photos too).
    func export(_ items: [GalleryItem]) {
        let plan = ExportPlan(items: items)
        guard !plan.members.isEmpty else {
            if !items.isEmpty { window.announce(tr("Notes cannot be exported: select photos.")) }
            return
        }
        FileChooser(title: tr("Export Photos"), accept: tr("Export"), parent: window.window, mode: .folder).run { [weak self] folders in
            guard let self, let folder = folders.first else { return }
            guard !Self.isInside(folder, self.library) else {
                self.window.toast.show(tr("{folder} is inside Drover's library, which only Drover writes to: choose another folder.",
                                          ["folder": folder.lastPathComponent]))
                return
            }
            self.start(plan.members, into: folder)
        }
    }

    private func start(_ members: [GalleryItem.Member], into folder: URL) {
        let name = folder.lastPathComponent
        let progress = ExportProgress(total: members.count, folder: name, toasts: window.toast)
        let work = Task.detached(priority: .userInitiated) {
            Self.write(members, into: folder) { done in
                Task { @MainActor in progress.update(done: done) }
            }
        }
        progress.onCancel = { work.cancel() }
        progress.begin(now: members.count > Self.handful, after: Self.progressDelay)
        Task {
            let outcome = await work.value
            progress.end()
            for failure in outcome.failures {
                FileHandle.standardError.write(Data("drover: export: \(ErrorWording.exportFailed(failure.title, to: name, failure.reason))\n".utf8))
            }
            let written = outcome.written
            window.toast.show(outcome.summary(folder: name), actionLabel: written.isEmpty ? nil : tr("Show in Files"),
                              seconds: 10, action: { [weak self] in self?.showInFiles(written, folder: folder) })
        }
    }

    /// Whether `folder` is `library` or inside it (links resolved on both sides).
    nonisolated static func isInside(_ folder: URL, _ library: URL) -> Bool {
        let inner = folder.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let outer = library.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        return inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer
    }

    /// Writes each photo in turn; stops between photos once the task is cancelled.
    nonisolated private static func write(_ members: [GalleryItem.Member], into folder: URL,
                                          progress: @Sendable (Int) -> Void) -> ExportOutcome {
        var outcome = ExportOutcome(total: members.count)
        for (index, member) in members.enumerated() {
            if testDelayMilliseconds > 0 { usleep(testDelayMilliseconds * 1000) }
            if Task.isCancelled {
                outcome.cancelled = true
                break
            }
            do throws(ImportFailureReason) {
                outcome.written.append(try AsSeenCopy.write(member, into: folder, durable: true))
            } catch {
                outcome.failures.append(.init(title: member.title, reason: error))
            }
            progress(index + 1)
        }
        return outcome
    }

    /// The file manager shows the exported files, selected; without one, the folder opens.
    private func showInFiles(_ files: [URL], folder: URL) {
        Task {
            do {
                try await FileManagerShow.showItems(files)
            } catch is CancellationError {
            } catch {
                window.toast.show(tr("No file manager could show {folder}: {error}",
                                     ["folder": folder.path, "error": ErrorWording.reason(error)]))
            }
        }
    }
}

/// The progress toast of one export: shown at once or after a delay, its count kept up
/// to date, its Cancel button stopping the export. Said once to a screen reader as it
/// appears; the counts that follow are not read out (one a photo would drown the rest).
@MainActor
private final class ExportProgress {
    let total: Int
    let folder: String
    let toasts: Toasts
    var onCancel: (() -> Void)?
    private var done = 0
    private var toast: Toast?
    private var timer: TimerSource?
    private var ended = false

    init(total: Int, folder: String, toasts: Toasts) {
        self.total = total
        self.folder = folder
        self.toasts = toasts
    }

    func begin(now: Bool, after milliseconds: UInt32) {
        if now { return show() }
        timer = TimerSource.after(milliseconds: milliseconds) { [weak self] in
            self?.timer = nil
            self?.show()
        }
    }

    func update(done: Int) {
        self.done = max(self.done, done)
        toast?.setTitle(ExportOutcome.progress(done: self.done, total: total, folder: folder))
    }

    /// The export is over: its toast is replaced by the summary (which the caller shows).
    func end() {
        ended = true
        timer?.cancel()
        timer = nil
        toast = nil
    }

    private func show() {
        guard !ended else { return }
        // No timeout: it stays until the summary replaces it (or it is closed, which
        // leaves the export running).
        toast = toasts.show(ExportOutcome.progress(done: done, total: total, folder: folder),
                            actionLabel: tr("Cancel"), seconds: 0, action: { [weak self] in self?.onCancel?() })
    }
}
