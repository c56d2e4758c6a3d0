import CGtk
import GtkKit

/// Drover's About window, with credits for the data Drover ships.
@MainActor
enum AboutDrover {
    static func show(parent: Window?) {
        let dialog = AboutDialog()
        dialog.programName = "Drover"
        dialog.version = "0.1.0"
        dialog.comments = "A photo gallery with drag and drop done well."
        dialog.logoIconName = DroverApplication.id
        dialog.licenseType = GTK_LICENSE_GPL_3_0
        dialog.website = "https://drover.example"
        // Place names come from GeoNames (CC BY 4.0), which asks for this credit.
        dialog.addCreditSection("Place names", people: ["GeoNames (geonames.org), CC BY 4.0"])
        dialog.addCreditSection("Sample photos", people: ["Listed with their licences in samples/LICENSES.md"])
        dialog.setTransientFor(parent)
        dialog.present()
    }
}
