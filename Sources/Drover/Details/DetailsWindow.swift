import CGtk
import Foundation
import GalleryKit
import GtkKit
import Localization

/// A photo's details (Alt+Enter in the grid and the viewer, the menu's Details): its
/// title (editable: Enter saves it), date taken, size, file, camera, place, QR codes and
/// albums, as label pairs, so all of it reads over AT-SPI. Escape closes it.
@MainActor
final class DetailsWindow {
    let window = Window()
    let titleEntry = Entry()
    private let rows = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private var shownRows: [Box] = []
    private let keys = KeyController()
    /// A new title was entered (Enter in the title field).
    var onRename: ((String) -> Void)?
    /// Results said in this window, where a screen reader's focus is while it is open (the
    /// main window's announcer would speak on a tile Orca is not on: not heard at all).
    private lazy var announcer = Announcer(window: window, fallback: titleEntry)

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return formatter
    }()

    init(parent: Window) {
        window.title = tr("Details")
        window.setTransientFor(parent)
        window.setModal(true)
        window.setDefaultSize(width: 440, height: -1)
        let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        content.setMargins(18)
        content.addCSSClass("photo-details")
        titleEntry.accessibleLabel = tr("Title")
        titleEntry.tooltip = tr("The photo's title: Enter saves it")
        titleEntry.onActivate { [weak self] in
            guard let self else { return }
            let title = self.titleEntry.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !title.isEmpty { self.onRename?(title) }
        }
        content.append(titleEntry)
        content.append(rows)
        window.setChild(content)
        keys.onKeyPressed { [weak self] keyval, _ in
            guard Int32(keyval) == GDK_KEY_Escape else { return false }
            self?.window.close()
            return true
        }
        window.add(keys)
    }

    /// Says `message` to a screen reader, in this window; false once it is closed.
    func announce(_ message: String) -> Bool {
        guard window.isVisible else { return false }
        announcer.announce(message)
        return true
    }

    func show(_ details: PhotoDetails) {
        let photo = details.photo
        titleEntry.text = photo.title
        var pairs: [(String, String)] = []
        if let taken = photo.dateTaken { pairs.append((tr("Date taken"), Self.dateFormatter.string(from: taken))) }
        if let fileDate = photo.fileDate { pairs.append((tr("File date"), Self.dateFormatter.string(from: fileDate))) }
        pairs.append((ctr("date", "Added"), Self.dateFormatter.string(from: photo.dateAdded)))
        pairs.append((tr("Dimensions"), tr("{width} × {height} pixels", ["width": photo.pixelSize.width, "height": photo.pixelSize.height])))
        pairs.append((tr("File size"), details.fileSize.map { ByteCountFormatter.string(fromByteCount: $0, countStyle: .file) }
                      ?? tr("The file is missing from the library")))
        pairs.append((tr("Original file"), photo.originalFileName))
        if let camera = details.camera { pairs.append((tr("Camera"), camera)) }
        if let place = photo.placeName { pairs.append((tr("Place"), place)) }
        if let location = photo.location { pairs.append((tr("Coordinates"), location.displayCoordinates)) }
        for (index, text) in details.qrTexts.enumerated() {
            pairs.append((details.qrTexts.count == 1 ? tr("QR code") : tr("QR code {number}", ["number": index + 1]), text))
        }
        pairs.append((tr("Albums"), details.albumNames.isEmpty ? tr("None") : details.albumNames.joined(separator: ", ")))
        shownRows.forEach(rows.remove)
        shownRows = []
        for (name, value) in pairs {
            let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
            let nameLabel = Label(name)
            nameLabel.addCSSClass("dim-label")
            nameLabel.xAlign = 0
            nameLabel.setSizeRequest(width: 120)
            let valueLabel = Label(value)
            valueLabel.xAlign = 0
            valueLabel.setWraps(true)
            valueLabel.expandsHorizontally = true
            // Read together: "Camera: Canon EOS 5D".
            valueLabel.accessibleDescription = name
            row.append(nameLabel)
            row.append(valueLabel)
            rows.append(row)
            shownRows.append(row)
        }
        // The title field's name and hint (the tooltip is its description) are sent once the
        // window is shown, before the field takes focus: left for its first focus, GTK 4.8
        // sends them just after the focus event and Orca 43 reads the hint a second time (it
        // speaks every description event of its focus; see PhotoViewer's canvas). So the
        // window shows with the field out of focus's way (GTK would focus it as it shows).
        titleEntry.canFocus = false
        window.present()
        titleEntry.realizeAccessibleNow()
        titleEntry.canFocus = true
        _ = titleEntry.grabFocus()
    }
}
