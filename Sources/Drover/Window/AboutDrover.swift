import CGtk
import GtkKit
import Localization

/// Drover's About window (libadwaita's), with credits for the data Drover ships: the
/// GeoNames places and the sample photos, each under its own licence (see
/// data/places/ATTRIBUTION.md and data/samples/LICENSES.md).
@MainActor
enum AboutDrover {
    /// The sample photos' authors and licences, as data/samples/LICENSES.md lists them.
    static let photoCredits: [(author: String, photos: String, license: String)] = [
        ("Ian Hex", "Rowing boats at dusk", "LGPL-3.0"),
        ("Dmitri Popov", "Colourful cups", "LGPL-3.0"),
        ("Stefan van der Walt", "Chelsea the cat", "CC0-1.0"),
        ("Rachel Michetti, courtesy of Pikolo Espresso Bar", "Espresso at Pikolo", "CC0-1.0"),
        ("NASA", "Astronaut Eileen Collins", "public domain"),
        ("SpaceX", "Falcon 9 on the launch pad", "public domain"),
        ("Sander Klootwijk", "Bridge cables over the estuary", "CC BY-SA 4.0"),
        ("Clemens Engelhardt", "Dandelions at sunset", "CC0-1.0"),
        ("Trevor \u{201C}Freespace\u{201D}", "Fig in an orange bowl", "CC BY 4.0"),
        ("Lukas Baubkus", "Nuthatch on a tree", "CC BY-SA 3.0"),
        ("Aitzol Berasategi", "Picos de Europa trail, Two spaniels at the door", "CC BY 4.0"),
    ]

    static func show(parent: Window?) {
        let about = AboutWindow()
        about.applicationName = "Drover"
        about.applicationIcon = DroverApplication.id
        about.version = DroverVersion.number
        about.developerName = tr("The Drover authors")
        about.comments = tr("A photo gallery with drag and drop done well.")
        about.licenseType = GTK_LICENSE_GPL_3_0
        // No website and no issue link: Drover has no public host yet, and a link that
        // never resolves is worse than none (issue 29).
        about.developers = [tr("The Drover authors")]
        // Place names come from GeoNames (CC BY 4.0), which asks for this credit.
        about.addCreditSection(tr("Place names"), people: ["GeoNames https://www.geonames.org/"])
        about.addCreditSection(tr("Sample photos"), people: photoCredits.map { "\($0.author) (\($0.photos))" })
        about.addLegalSection(tr("Place names"), copyright: "GeoNames, https://www.geonames.org/",
                              licenseType: GTK_LICENSE_CUSTOM,
                              license: tr("Derived from the GeoNames “cities1000” extract, under the Creative Commons Attribution 4.0 licence (CC BY 4.0): https://creativecommons.org/licenses/by/4.0/"))
        about.addLegalSection(tr("Sample photos"), copyright: nil, licenseType: GTK_LICENSE_CUSTOM,
                              license: photoCredits.map { "\($0.photos): \($0.author), \($0.license)" }.joined(separator: "\n")
                                  + "\n\n" + tr("Each photo was scaled and re-encoded; the changes are listed in samples/LICENSES.md."))
        about.setTransientFor(parent)
        about.present()
    }
}
