import GalleryKit
import GtkKit
import Localization

/// The grid's sort (the header's "Sort" menu, remembered in GSettings as `sort-order`)
/// and its search (Ctrl+F or the Search button: a search bar whose entry, "Search photos",
/// filters the grid as one types; Escape closes it and gives the grid back its focus).
/// Both only change what the grid shows (`GalleryController+Arrangement`).
@MainActor
final class SortAndSearchController {
    static let actionGroupName = "view"

    private let window: MainWindow
    private let gallery: GalleryController
    private let actions = ActionGroup()
    private let sortAction: ChoiceAction
    /// Nil without the installed schema (`WindowMemory` says so once): the sort is then
    /// not remembered.
    private let settings = SettingsStore(schemaID: DroverApplication.id)

    init(window: MainWindow, gallery: GalleryController) {
        self.window = window
        self.gallery = gallery
        let saved = settings.flatMap { GallerySort(rawValue: $0.string("sort-order")) } ?? .own
        sortAction = ChoiceAction("sort", initial: saved.rawValue)
        sortAction.onChange { [weak self] value in self?.chooseSort(value) }
        actions.add(sortAction)
        actions.add("search") { [weak self] in self?.openSearch() }
        window.window.insertActionGroup(Self.actionGroupName, actions)

        let menu = Menu()
        for sort in GallerySort.allCases {
            menu.append(sort.label, action: "\(Self.actionGroupName).sort::\(sort.rawValue)")
        }
        window.sortButton.setMenu(menu, accessibleName: tr("Sort Orders"))
        window.viewSection.append(tr("Search"), action: "\(Self.actionGroupName).search")
        window.viewSection.appendSubmenu(tr("Sort"), menu)
        window.searchButton.setActionName("\(Self.actionGroupName).search")
        window.searchEntry.onSearchChanged { [weak self] in self?.searchChanged() }
        window.searchEntry.onStopSearch { [weak self] in self?.closeSearch() }
        window.searchEntry.onActivate { [weak self] in self?.focusFirstResult() }
        window.searchBar.onSearchingChanged { [weak self] in
            guard let self, !self.window.searchBar.isSearching else { return }
            self.searchClosed()
        }
        show(saved)
    }

    // MARK: Sort

    private func chooseSort(_ value: String) {
        guard let sort = GallerySort(rawValue: value) else { return }
        show(sort)
        settings?.setString("sort-order", sort.rawValue)
        let message = sort == .own ? tr("Showing your own order.") : tr("Sorted: {order}.", ["order": sort.label])
        // Chosen in the Sort button's menu, the focus goes back to that button as the menu
        // closes, and its description ("Sorted: …") is read as it arrives: a message as well
        // would be heard twice, once in that reading (Orca is often behind, after the grid's
        // tiles all changed their positions) and once as a change. From the main menu (or
        // anywhere else), the message says it, once the focus is back from the menu.
        guard !window.sortButton.menuJustClosed else { return }
        TimerSource.idle { [weak self] in
            self?.window.announceAfterFocusReading(message)
            return false
        }
    }

    private func show(_ sort: GallerySort) {
        sortAction.value = sort.rawValue
        // The tooltip first: GTK makes it the accessible description, which is to be this.
        window.sortButton.tooltip = tr("Sort (now: {order})", ["order": sort.label])
        window.sortButton.accessibleDescription = tr("Sorted: {order}", ["order": sort.label])
        gallery.setSort(sort)
    }

    // MARK: Search

    func openSearch() {
        window.searchBar.isSearching = true
        window.searchBar.focusEntry()
        Task { await gallery.prepareSearch() }
    }

    private func searchChanged() {
        guard window.searchBar.isSearching else { return }
        let text = window.searchEntry.text
        // A blank search shows everything, in the sort's order: the grid's places mean
        // something again, so drops between photos work as without a search.
        gallery.setSearch(text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text)
        countAnnouncement?.cancel()
        countAnnouncement = TimerSource.after(milliseconds: Self.typingSettlesMilliseconds) { [weak self] in
            self?.countAnnouncement = nil
            self?.announceCount()
        }
    }

    /// How long the typing must pause before the result count is spoken: the entry's own
    /// delay (150 ms) is shorter than the gap between a person's keystrokes, so without
    /// this each letter's count would be read over the screen reader's echo of the next.
    static let typingSettlesMilliseconds: UInt32 = 700
    private var countAnnouncement: TimerSource?
    /// The query whose count was spoken last: the same count again is not repeated.
    private var announcedQuery: String?

    private func announceCount() {
        guard window.searchBar.isSearching else { return }
        // Cleared: whatever is typed next is a new search, even the same word again.
        guard let query = gallery.arrangement.query else { announcedQuery = nil; return }
        guard query != announcedQuery else { return }
        announcedQuery = query
        let count = gallery.model.count
        window.announce(count == 0 ? tr("No photos match “{query}”.", ["query": query])
            : ntr("{count} photo matches “{query}”.", "{count} photos match “{query}”.", count, ["query": query]))
    }

    private func closeSearch() {
        window.searchBar.isSearching = false
    }

    /// The bar closed (Escape, its close button or Ctrl+F's action again): the whole
    /// collection comes back, and focus goes to the photo that had it among the results
    /// (or the grid's usual tab stop).
    private func searchClosed() {
        let focused = window.grid.focusIndex.flatMap { gallery.model.item(at: $0)?.id }
        countAnnouncement?.cancel()
        countAnnouncement = nil
        announcedQuery = nil
        window.searchEntry.text = ""
        gallery.setSearch(nil)
        if let focused { gallery.focusFirst(of: [focused]) } else { _ = window.grid.focusTabStop() }
    }

    private func focusFirstResult() {
        guard gallery.model.count > 0 else { return }
        window.grid.focus(index: 0)
    }
}
