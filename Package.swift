// swift-tools-version: 6.1
// Drover: a photo gallery for the Linux desktop, with drag and drop done well.
// Layers (see docs/architecture.md): GtkKit wraps GTK and holds no app logic;
// DragKit, GalleryKit, ImageFormats and DecoderKit import no GTK, and DragKit and GalleryKit
// not each other (what both need is in ChangeKit and ImageFormats); the Drover executable
// connects them. One module, one job: each target below says its own.
import PackageDescription

let package = Package(
    name: "Drover",
    products: [
        .executable(name: "drover", targets: ["Drover"]),
        // The helper that decodes untrusted images under resource limits: a server that forks
        // a fresh, limited child per image (DecoderKit; GalleryKit's DecoderProcess uses it).
        .executable(name: "drover-decode", targets: ["DroverDecode"]),
        // Only for FuzzTesting/, a separate package that builds these with libFuzzer (scripts/fuzz.sh).
        .library(name: "ImageFormats", targets: ["ImageFormats"]),
        .library(name: "DecoderKit", targets: ["DecoderKit"]),
        .library(name: "DragKit", targets: ["DragKit"]),
        .library(name: "GalleryKit", targets: ["GalleryKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // C libraries, found through pkg-config and provided by Debian packages.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // libadwaita 1.2: GNOME's application, window, header bar, toasts, status pages, About.
        .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // gdk-pixbuf (the decoder in drover-decode, thumbnails with libpng, GIO's Trash). System
        // calls are CSystem's, below.
        .systemLibrary(name: "CPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        // zbar: QR codes in photos. libexif: the tags of an EXIF block ImageFormats found. Both
        // run only in the confined decode child (DecoderKit).
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // xxHash: XXH3-128 of every imported copy, to find duplicate candidates.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // libseccomp: the system-call allow-list of the decode child that parses an untrusted
        // image (DecoderKit's DecoderSandbox; docs/sandbox.md).
        .systemLibrary(name: "CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        // libjpeg-turbo: the decode child's JPEG decoder (DecoderKit's JPEGDecoder), called directly
        // so that damage is reported and arithmetic-coded JPEGs decode, which gdk-pixbuf's loader does not.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // pixman: the decode child's resize of a JPEG decoded at a DCT scaling (DecoderKit's JPEGDecoder).
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // glibc's gettext (libintl.h): no library to link.
        .systemLibrary(name: "CIntl"),
        // System calls Swift cannot make itself (fork for a decode child, pidfd, sockets,
        // renameat2): drover-decode's server and client, and the library's atomic writes.
        .target(name: "CSystem"),
        // C glue Swift cannot express for GTK: the libdispatch main-queue GSource, the canvas
        // and the content provider.
        .target(name: "CDrover", dependencies: ["CGtk"]),

        // Translations (gettext, the `drover` text domain): every module with user-visible text uses it.
        .target(name: "Localization", dependencies: ["CIntl"]),
        // A thin Swift layer over GLib, GObject, GTK and libadwaita: lifetime, signals, the main
        // loop, async reads of drops and the clipboard. No application logic.
        .target(name: "GtkKit", dependencies: ["CGtk", "CAdwaita", "CDrover", "Localization"]),
        // The one change vocabulary (ChangeStep): GalleryKit emits it, DragKit's placeholder
        // collection translates it, the grid applies it. Its own module, as neither of the
        // two may import the other.
        .target(name: "ChangeKit"),
        // zlib: ImageFormats inflates compressed PNG text chunks (raw EXIF profiles) with it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The one table of image formats (names, MIME types, extensions, signatures) and the
        // byte parsers that read untrusted image files without decoding them: completeness
        // checks, EXIF container walkers. Pure Swift (and zlib): drag and drop and the library
        // both read it, and the fuzzers link it alone.
        .target(name: "ImageFormats", dependencies: ["CZlib"]),
        // Every drag-and-drop rule: sessions, proposals, the type preference, placeholders and
        // their loads, the stall rule, grid geometry, keyboard drags, preview plans. No GTK.
        .target(name: "DragKit", dependencies: ["ChangeKit", "ImageFormats", "Localization"]),
        // The history behind Ctrl+Z, Ctrl+Shift+Z and a toast's Undo: pure Swift, no GTK.
        .target(name: "UndoKit"),
        // The decoding of untrusted images, in the `drover-decode` helper: its server and the
        // child it forks per image (Server/), the wire (Wire/), Drover's client side of it, the
        // connections and their pool (Client/), the decode (Decode/; a JPEG with libjpeg-turbo
        // directly) and the EXIF the child reads for Drover (Exif/, libexif). A module of its own
        // so that the helper links gdk-pixbuf, libjpeg, zbar and libexif and nothing else of
        // Drover's (no SQLite, GTK, xxHash): less code beside an untrusted image, and a smaller
        // process to start and fork. Its children run confined (Sandbox/: namespaces, Landlock,
        // seccomp; docs/sandbox.md).
        .target(name: "DecoderKit", dependencies: ["CExif", "CJPEG", "CPixbuf", "CPixman", "CSeccomp", "CSystem", "CZBar", "ImageFormats"]),
        // The library: photos, stacks, albums, notes and their order in SQLite (GRDB), imports,
        // photos' dates and places (their EXIF read by a decode child), QR codes, sorting and search, trash; one change batch per
        // transaction. In folders by job (Library/, Store/, Changes/, Import/, Metadata/,
        // Places/, QRCodes/, Sorting/, Files/). No GTK.
        .target(name: "GalleryKit", dependencies: [
            "ChangeKit",
            "DecoderKit",
            "ImageFormats",
            "CPixbuf",
            "CSystem",
            "CXXHash",
            "Localization",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // The app: windows and views, and the adapters that turn GTK events into DragKit calls.
        .executableTarget(name: "Drover", dependencies: [
            "GtkKit", "ChangeKit", "DragKit", "DecoderKit", "GalleryKit", "UndoKit", "CGtk", "Localization",
        ]),
        // The helper executable: DecoderKit's server, nothing else.
        .executableTarget(name: "DroverDecode", dependencies: ["DecoderKit"]),
        // DragKit's figures (docs/benchmarks.md) (swift run -c release DragKitBenchmark).
        .executableTarget(name: "DragKitBenchmark", dependencies: ["ChangeKit", "DragKit"]),

        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk"]),
        .testTarget(name: "UndoKitTests", dependencies: ["UndoKit"]),
        // The change vocabulary: applying steps, following an index through them, diffing two lists.
        .testTarget(name: "ChangeKitTests", dependencies: ["ChangeKit", "TestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "DragKitTests", dependencies: [
            "ChangeKit",
            "DragKit",
            "ImageFormats",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // What several test targets share, one copy (swift-nio's NIOTestUtils pattern): the
        // fixtures, a temporary folder, test images made with gdk-pixbuf, PNG chunks.
        .target(name: "TestSupport", dependencies: ["CPixbuf"], path: "Tests/TestSupport", resources: [.copy("Fixtures")]),
        // The byte parsers: sniffing, byte sources, completeness checks, EXIF walkers.
        .testTarget(name: "ImageFormatsTests", dependencies: ["ImageFormats", "TestSupport"]),
        // The decoder's process plumbing (child endings, bounded output, pidfd waits), a server's
        // connection and the wire. DroverDecode: the connection tests start it.
        .testTarget(name: "DecoderKitTests", dependencies: ["CSystem", "DecoderKit", "DroverDecode", "TestSupport"]),
        // DroverDecode: imports run it, so the tests need it built beside them.
        // The app's own logic that needs no display: the collection model, commit batches, the
        // sorted and searched view, the import policy, the wording of errors.
        .testTarget(name: "DroverTests", dependencies: ["Drover", "ChangeKit", "DecoderKit", "DragKit", "GalleryKit"]),
        .testTarget(name: "GalleryKitTests", dependencies: ["ChangeKit", "DecoderKit", "GalleryKit", "ImageFormats", "DroverDecode", "TestSupport"]),
    ]
)
