import CGtk
import Foundation
import GalleryKit
import GtkKit
import Localization

/// The application: one instance per session. The first command line opens
/// the library and the window; later ones (another `drover FILE…`) hand their
/// files to the running instance: shown in its viewer (`OpenedFileViewer`), or
/// imported (`--import`, folders, web addresses).
@MainActor
final class DroverApplication {
    static let id = "app.drover.Drover"

    private let application = Application(id: DroverApplication.id)
    private var libraryDirectory: URL?
    private var mainWindow: MainWindow?
    private var gallery: GalleryController?
    private var importer: DropImporter?
    private var dragAndDrop: WindowDragAndDrop?
    /// The window's size, sidebar and open album, kept between starts.
    private lazy var memory = WindowMemory()
    private var imports: ImportController?
    private var sortAndSearch: SortAndSearchController?
    private var albumDialogs: AlbumController?
    /// Imports asked for before the library finished opening.
    private var pendingImports: [URL] = []
    /// Files to show asked for before the library finished opening (the last ask wins).
    private var pendingOpens: [URL] = []
    private var openedFiles: OpenedFileViewer?
    /// The library the window shows: tiles whose thumbnail file is lost ask it for a new one.
    private var library: PhotoLibrary?
    /// The screen's scale factor (2 on HiDPI): thumbnails are made and decoded for it.
    private lazy var displayScale = Display.maximumScaleFactor
    private lazy var thumbnails: ThumbnailCache = {
        let box = TileSize.thumbnailBox(scale: displayScale)
        return ThumbnailCache(capacity: TileSize.textureCacheCapacity(scale: displayScale)) { [weak self] url in
            // A turned photo's thumbnail URL carries its turn (`URL.shown(turnedBy:)`).
            if let image = try? await DecodedImage.decode(fileAt: url, fittingBox: box, turnedBy: url.shownRotation) { return image }
            // A lost thumbnail (a deleted file or thumbnails/ folder) is made again from its
            // photo, in the decoder child; the tile shows its placeholder meanwhile.
            guard FileManager.default.fileExists(atPath: url.path) == false, let library = await self?.library,
                  await library.remakeLostThumbnail(at: url) else { return nil }
            return try? await DecodedImage.decode(fileAt: url, fittingBox: box, turnedBy: url.shownRotation)
        }
    }()
    /// Imports make thumbnails with enough pixels for this screen's tiles, and prepare no
    /// more photos at once than they decode, so the grid's frames keep their cores.
    private var importLimits: ImportLimits {
        let decodes = ProcessInfo.processInfo.activeProcessorCount
        return ImportLimits(thumbnailSize: TileSize.storedThumbnailSize(scale: displayScale), concurrency: decodes,
                            filesInFlight: decodes)
    }

    init() {
        application.onStartup { [weak self] in self?.startup() }
        application.onCommandLine { [weak self] invocation in
            self?.handle(invocation) ?? CommandLineResult(status: 1)
        }
    }

    func run() -> Int32 { application.run() }

    private func startup() {
        if let css = try? String(contentsOf: DataFiles.styleSheet, encoding: .utf8) { Styles.load(css: css) }
        Styles.addIconSearchPath(DataFiles.icons.path)
        Window.defaultIconName = DroverApplication.id
        let about = Action("about")
        about.onActivate { [weak self] in self?.showAbout() }
        application.addAction(about)
        let quit = Action("quit")
        quit.onActivate { [weak self] in
            self?.saveWindowState()
            self?.application.quit()
        }
        application.addAction(quit)
        application.setAccelerators(["<Control>q"], for: "app.quit")
        application.setAccelerators(["<Control>w"], for: "window.close")
        let shortcuts = Action("shortcuts")
        shortcuts.onActivate { [weak self] in ShortcutsHelp.show(parent: self?.mainWindow?.window) }
        application.addAction(shortcuts)
        application.setAccelerators(["<Control>question"], for: "app.shortcuts")
        let primaryMenu = Action("primary-menu")
        primaryMenu.onActivate { [weak self] in self?.mainWindow?.menuButton.popup() }
        application.addAction(primaryMenu)
        application.setAccelerators(["F10"], for: "app.primary-menu")
        // F9 shows the albums, as in GNOME's apps (the folded sidebar of a narrow window).
        let showAlbums = Action("show-albums")
        showAlbums.onActivate { [weak self] in self?.mainWindow?.sidebarFold.showFromKeyboard() }
        application.addAction(showAlbums)
        application.setAccelerators(["F9"], for: "app.show-albums")
        // Grid zoom: three tile sizes (Ctrl+scroll too, in PhotoGrid).
        let zoomIn = Action("zoom-in")
        zoomIn.onActivate { [weak self] in
            guard let grid = self?.mainWindow?.grid else { return }
            grid.setTileSize(grid.tileSize.larger)
        }
        application.addAction(zoomIn)
        application.setAccelerators(["<Control>plus", "<Control>equal", "<Control>KP_Add"], for: "app.zoom-in")
        let zoomOut = Action("zoom-out")
        zoomOut.onActivate { [weak self] in
            guard let grid = self?.mainWindow?.grid else { return }
            grid.setTileSize(grid.tileSize.smaller)
        }
        application.addAction(zoomOut)
        application.setAccelerators(["<Control>minus", "<Control>KP_Subtract"], for: "app.zoom-out")
        // One history for every library change (GalleryController+History).
        let undo = Action("undo")
        undo.onActivate { [weak self] in self?.gallery?.undo() }
        application.addAction(undo)
        application.setAccelerators(["<Control>z"], for: "app.undo")
        let redo = Action("redo")
        redo.onActivate { [weak self] in self?.gallery?.redo() }
        application.addAction(redo)
        application.setAccelerators(["<Control><Shift>z"], for: "app.redo")
        application.setAccelerators(["<Control>o"], for: "\(ImportController.actionGroupName).files")
        application.setAccelerators(["<Shift><Control>o"], for: "\(ImportController.actionGroupName).folders")
        application.setAccelerators(["<Control>f"], for: "\(SortAndSearchController.actionGroupName).search")
    }

    private func handle(_ invocation: CommandLineInvocation) -> CommandLineResult {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(invocation.arguments.dropFirst()),
                                                   relativeTo: invocation.workingDirectory)
        } catch {
            return CommandLineResult(status: 2, message: "drover: \(TerminalText.escaped("\(error)"))\n\(CommandLineOptions.usage)\n")
        }
        if options.showHelp { return CommandLineResult(status: 0, message: CommandLineOptions.usage + "\n", toStandardOutput: true) }

        let requested = (options.libraryDirectory ?? LibraryLocation.defaultDirectory).standardizedFileURL
        // Compare paths, not URLs: URL(fileURLWithPath:) adds a trailing slash only when
        // the folder already exists, so a first run's URL differs from a later one's.
        if let libraryDirectory, libraryDirectory.path != requested.path {
            let message = "already running with the library in \(libraryDirectory.path); quit it first to use \(requested.path)"
            return CommandLineResult(status: 1, message: "drover: \(TerminalText.escaped(message))\n")
        }
        if mainWindow == nil {
            libraryDirectory = requested
            open(requested)
        }
        mainWindow?.window.present()
        // A folder given to open is imported, as before: the viewer shows files.
        let folders = options.opens.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true }
        let files = options.opens.filter { !folders.contains($0) }
        let imports = options.imports + folders
        if !imports.isEmpty {
            if importer != nil { deliver(imports: imports) } else { pendingImports += imports }
        }
        if !files.isEmpty {
            if let openedFiles { openedFiles.open(files) } else { pendingOpens = files }
        }
        return CommandLineResult(status: 0)
    }

    /// Files and folders go to the importer as a drop of them; web addresses each as a
    /// browser's drop of an image's address.
    private func deliver(imports: [URL]) {
        guard let importer else { return }
        let web = imports.filter { !$0.isFileURL }
        let files = imports.filter(\.isFileURL)
        if !files.isEmpty { importer.importFiles(files) }
        importer.importWebAddresses(web)
    }

    private func open(_ directory: URL) {
        let isFirstRun = !FileManager.default.fileExists(atPath: directory.path)
        // The library opens (its checks read the database) on another thread while this
        // one builds the window. Recovery's sweep of its folders, which reads every row
        // and lists both folders (about 4 s at 1,000,000 photos), runs once the window
        // holds the whole collection (`checkFiles`); its toast comes when it ends.
        let importLimits = importLimits
        let opening = Task.detached {
            try await PhotoLibrary.open(at: directory, importLimits: importLimits, sweepingFoldersLater: true)
        }
        let window = makeWindow()
        application.hold()
        Task {
            defer { application.release() }
            do {
                let library = try await opening.value
                if isFirstRun { await installSamples(into: library, window: window) }
                await show(library, in: window)
                if isFirstRun, !library.isReadOnly { imports?.offerPictures() }
            } catch {
                showError(error, directory: directory, in: window)
            }
        }
    }

    private func makeWindow() -> MainWindow {
        let window = MainWindow(application: application, thumbnails: thumbnails)
        mainWindow = window
        memory.restore(window)
        window.window.onCloseRequest { [weak self] in
            self?.saveWindowState()
            return false
        }
        window.window.present()
        startOpenBenchmarkIfAsked(window)
        return window
    }

    private func show(_ library: PhotoLibrary, in window: MainWindow) async {
        // What the gallery shows, as drags and drops need it: the gallery keeps it, drags read it.
        let dragContext = DragContext()
        self.library = library
        let gallery = GalleryController(library: library, window: window, dragContext: dragContext)
        self.gallery = gallery
        albumDialogs = AlbumController(gallery: gallery)
        let dragAndDrop = WindowDragAndDrop(window: window, gallery: gallery, dragContext: dragContext, thumbnails: thumbnails)
        self.dragAndDrop = dragAndDrop
        await gallery.start()
        openBenchmark?.wholeCollectionShown(window.grid.items.count)
        if let album = memory.openAlbum, gallery.albums.contains(where: { String($0.id.rawValue) == album }) {
            window.sidebar.select(.album(id: album))
        }
        // Files named on the command line take the same path as a drop of them, at
        // the end of the grid: so only once the grid holds the collection.
        let importer = dragAndDrop.importer
        self.importer = importer
        // A read-only library imports nothing: without the actions, the button and menu items are off.
        imports = library.isReadOnly ? nil : ImportController(window: window, importer: importer)
        sortAndSearch = SortAndSearchController(window: window, gallery: gallery)
        if library.isReadOnly {
            window.window.title = tr("Drover — Read-Only")
            window.importButton.isVisible = false
            window.newAlbumButton.isVisible = false
            window.moveToButton.isVisible = false
            window.toast.show(tr("This library is read-only: you can browse it and drag photos out, but not change it."), seconds: 10)
        }
        checkFiles(of: library, in: window)
        startBenchmarkIfAsked(window)
        let openedFiles = OpenedFileViewer(controller: dragAndDrop.viewer, window: window, importer: importer,
                                           canAdd: !library.isReadOnly)
        self.openedFiles = openedFiles
        if !pendingImports.isEmpty {
            deliver(imports: pendingImports)
            pendingImports = []
        }
        if !pendingOpens.isEmpty {
            openedFiles.open(pendingOpens)
            pendingOpens = []
        }
    }

    private func showError(_ error: any Error, directory: URL, in window: MainWindow) {
        LibraryErrorView.show(error, directory: directory, in: window) { [weak self] choice in
            switch choice {
            case .tryAgain: self?.reopen(at: directory)
            case .useFresh(let fresh): self?.reopen(at: fresh)
            case .rebuild: self?.rebuild(directory)
            }
        }
    }

    /// Opens a library in a new window after the first could not be opened; a bad one is
    /// left as it is.
    private func reopen(at directory: URL) {
        mainWindow?.window.destroy()
        mainWindow = nil
        libraryDirectory = directory
        open(directory)
    }

    /// Rebuilds a damaged library from its photos (the damaged folder is renamed aside,
    /// never deleted) and shows the result.
    private func rebuild(_ directory: URL) {
        mainWindow?.window.destroy()
        let window = makeWindow()
        window.toast.show(tr("Rebuilding the library from its photos…"), seconds: 600)
        application.hold()
        Task {
            defer { application.release() }
            do {
                let (library, keptAt, report) = try await PhotoLibrary.rebuild(damagedAt: directory, importLimits: importLimits)
                await show(library, in: window)
                let failed = report.failures.isEmpty ? ""
                    : " " + ntr("{count} could not be read.", "{count} could not be read.", report.failures.count)
                window.toast.show(ntr("Rebuilt the library from {count} photo.{failed} The damaged library was kept as “{folder}”.",
                                      "Rebuilt the library from {count} photos.{failed} The damaged library was kept as “{folder}”.",
                                      report.imported.count, ["failed": failed, "folder": keptAt.lastPathComponent]),
                                  seconds: 15)
            } catch {
                showError(error, directory: directory, in: window)
            }
        }
    }

    private func installSamples(into library: PhotoLibrary, window: MainWindow) async {
        do {
            let report = try await library.installSamples(manifestAt: DataFiles.sampleManifest)
            if !report.failures.isEmpty {
                window.toast.show(ntr("{count} sample photo could not be imported.", "{count} sample photos could not be imported.", report.failures.count))
            }
        } catch {
            window.toast.show(ErrorWording.sentence(.installSamples, error))
        }
    }

    /// After the tiles are up, in the background, one after the other (each reads every
    /// photo): recovery's sweep of the library's folders, whose missing files a toast says;
    /// then the files' check, which flags damaged copies (their tiles change) and says so
    /// in a toast, and makes lost thumbnails again (the log counts them).
    private func checkFiles(of library: PhotoLibrary, in window: MainWindow) {
        Task { [weak self] in
            let missing = await library.recovery().missingPhotos.count
            if missing > 0, self?.mainWindow === window {
                window.toast.show(ntr("{count} photo's file is missing from the library.",
                                      "{count} photos' files are missing from the library.", missing))
            }
            let found = await library.checkFiles()
            guard !found.damagedPhotos.isEmpty, self?.mainWindow === window else { return }
            var text = ntr("{count} photo's file in the library is damaged.",
                           "{count} photos' files in the library are damaged.", found.damagedPhotos.count)
            // Said with the open's toast of missing files, which this one replaces.
            if missing > 0 {
                text += " " + ntr("{count} photo's file is missing from the library.",
                                  "{count} photos' files are missing from the library.", missing)
            }
            window.toast.show(text)
        }
    }

    private var benchmark: ScrollBenchmark?

    private var frameMonitor: FrameGapMonitor?
    private var openBenchmark: OpenBenchmark?
    private var dropBenchmark: DropBenchmark?

    /// `DROVER_BENCHMARK=open` prints when the first tiles and their thumbnails were
    /// on screen, and quits; `scroll` prints the same before scrolling.
    private func startOpenBenchmarkIfAsked(_ window: MainWindow) {
        let mode = ProcessInfo.processInfo.environment["DROVER_BENCHMARK"]
        guard mode == "open" || mode == "scroll" else { return }
        let benchmark = OpenBenchmark()
        openBenchmark = benchmark
        benchmark.run(on: window.grid) { [weak self] in
            if mode == "open" { self?.application.quit() }
        }
    }

    /// `DROVER_BENCHMARK=scroll` runs the scroll benchmark, prints figures and
    /// quits; `DROVER_BENCHMARK=frames` reports frame gaps for
    /// `DROVER_BENCHMARK_SECONDS` (default 20) and quits; `DROVER_BENCHMARK=drop` times a
    /// drop of `DROVER_BENCHMARK_DROP_COUNT` files (DropBenchmark). `DROVER_BENCHMARK_FRAMES`
    /// stops the scroll after that many frames.
    private func startBenchmarkIfAsked(_ window: MainWindow) {
        let environment = ProcessInfo.processInfo.environment
        if environment["DROVER_BENCHMARK"] == "frames" {
            let monitor = FrameGapMonitor()
            frameMonitor = monitor
            monitor.run(on: window.grid.canvas, seconds: Double(environment["DROVER_BENCHMARK_SECONDS"] ?? "") ?? 20) {
                [weak self] in self?.application.quit()
            }
            return
        }
        if environment["DROVER_BENCHMARK"] == "drop" {
            let benchmark = DropBenchmark(grid: window.grid,
                                          expected: Int(environment["DROVER_BENCHMARK_DROP_COUNT"] ?? "") ?? 1,
                                          seconds: Double(environment["DROVER_BENCHMARK_SECONDS"] ?? "") ?? 300)
            dropBenchmark = benchmark
            benchmark.run { [weak self] in self?.application.quit() }
            return
        }
        guard environment["DROVER_BENCHMARK"] == "scroll" else { return }
        // Let the first frames (window mapping, first thumbnails) pass first.
        TimerSource.after(milliseconds: 1500) { [weak self] in
            let frames = Int(environment["DROVER_BENCHMARK_FRAMES"] ?? "") ?? .max
            let benchmark = ScrollBenchmark(grid: window.grid, frameLimit: frames)
            self?.benchmark = benchmark
            benchmark.run { self?.application.quit() }
        }
    }

    /// Keeps the main window's size, sidebar and open album for the next start.
    private func saveWindowState() {
        guard let window = mainWindow else { return }
        var album: String?
        if case .album(let id) = gallery?.scope { album = String(id.rawValue) }
        memory.save(window, openAlbum: album)
    }

    private func showAbout() {
        AboutDrover.show(parent: mainWindow?.window)
    }
}
