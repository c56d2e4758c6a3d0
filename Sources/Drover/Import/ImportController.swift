import Foundation
import GtkKit
import Localization

/// Imports chosen in Drover itself: the Import button and Ctrl+O (files), Shift+Ctrl+O
/// (folders), and "Import from Pictures" (the user's XDG pictures folder, offered on the
/// first run beside the samples). Whatever is chosen takes the path of `drover FILE…`
/// (`DropImporter.importFiles`): a placeholder per file or folder at the end of the grid,
/// with its progress and cancel button, copies only, and a summary when all have landed.
///
/// GTK 4.8's file chooser cannot pick files and folders in one dialog, so there are two.
@MainActor
final class ImportController {
    static let actionGroupName = "import"

    private let window: MainWindow
    private let importer: DropImporter
    private let actions = ActionGroup()

    init(window: MainWindow, importer: DropImporter) {
        self.window = window
        self.importer = importer
        actions.add("files") { [weak self] in self?.chooseFiles() }
        actions.add("folders") { [weak self] in self?.chooseFolders() }
        actions.add("pictures") { [weak self] in self?.importPictures() }
        window.window.insertActionGroup(Self.actionGroupName, actions)
    }

    func chooseFiles() { choose(.files, title: tr("Import Photos")) }
    func chooseFolders() { choose(.folders, title: tr("Import Folders")) }

    private func choose(_ mode: FileChooser.Mode, title: String) {
        let chooser = FileChooser(title: title, accept: tr("Import"), parent: window.window, mode: mode)
        if let pictures = Self.picturesFolder { chooser.start(in: pictures) }
        chooser.run { [weak self] chosen in
            guard let self, !chosen.isEmpty else { return }
            self.importer.importFiles(chosen)
        }
    }

    /// Imports everything in the pictures folder (and its subfolders).
    func importPictures() {
        guard let pictures = Self.picturesFolder else {
            window.toast.show(tr("There is no Pictures folder to import from: choose photos with Import instead."))
            return
        }
        importer.importFiles([pictures])
    }

    /// On the first run, beside the samples: the way to the user's own photos.
    func offerPictures() {
        guard let pictures = Self.picturesFolder else { return }
        window.toast.show(tr("These are sample photos. Bring in your own from {pictures}?", ["pictures": pictures.lastPathComponent]),
                          actionLabel: tr("Import from Pictures"), seconds: 20, action: { [weak self] in self?.importPictures() })
    }

    /// The XDG pictures folder, if it exists.
    private static var picturesFolder: URL? {
        guard let folder = UserDirectories.pictures else { return nil }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? folder : nil
    }
}
