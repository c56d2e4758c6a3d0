import Foundation

extension PhotoLibrary {
    /// Makes a working library out of a damaged one (`LibraryError.canRebuild`: its
    /// database is corrupt, missing or empty, but its photos are there).
    ///
    /// Nothing is deleted or changed inside the damaged library: its folder is renamed
    /// aside ("drover" becomes "drover-damaged-20261124-0930"), a new library is created
    /// under the old name, and the photos in the old photos/ folder are imported into it as
    /// copies, in name order. Albums, stacks and the order lived in the lost database and
    /// cannot come back.
    ///
    /// - Throws: the error that prevents opening when it is not a rebuildable one (a
    ///   healthy, foreign or busy folder is never moved), or `LibraryError.unreadable`
    ///   if the folder cannot be renamed.
    public static func rebuild(damagedAt directory: URL, importLimits: ImportLimits = ImportLimits())
        async throws -> (library: PhotoLibrary, keptAt: URL, report: ImportReport) {
        let location = LibraryLocation(directory: directory)
        let aside = try await BlockingWork.run { () throws -> URL in
            // Held until the rename, so no other process opens the folder meanwhile.
            let lock = try LibraryLock(directory: location.directory)
            defer { lock.release() }
            try requireRebuildable(location)
            let aside = LibraryLocation.asideDirectory(for: location.directory, reason: "damaged")
            guard rename(location.directory.path, aside.path) == 0 else {
                throw LibraryError.unreadable(location.directory, detail: String(cString: strerror(errno)))
            }
            return aside
        }
        let library = try await PhotoLibrary.open(at: directory, importLimits: importLimits)
        let photos = aside.appendingPathComponent(location.photosDirectory.lastPathComponent, isDirectory: true)
        let report = try await library.importDirectory(photos)
        return (library, aside, report)
    }

    /// Throws unless the folder is a library whose database is damaged, missing or empty.
    private static func requireRebuildable(_ location: LibraryLocation) throws {
        switch try LibraryFolder.inspect(location) {
        case .damaged:
            return
        case .library:
            do {
                try LibraryOpener.inspectExisting(location.databaseURL)
            } catch let error as LibraryError where error.canRebuild {
                return
            }
            throw LibraryError.nothingToRebuild(location.directory)
        case .new, .foreign:
            throw LibraryError.notALibraryFolder(location.directory)
        }
    }
}
