// swift-tools-version: 6.1
// libFuzzer targets for the parsers that read untrusted bytes. A package of its own, so the
// main build never needs the sanitizer runtime: scripts/fuzz.sh builds it with
// `-sanitize=fuzzer,address` in .build-fuzz and runs each target for a bounded time.
// Each target defines `LLVMFuzzerTestOneInput`, and its `main` starts libFuzzer (FuzzDriver).
import PackageDescription

let package = Package(
    name: "DroverFuzz",
    dependencies: [
        .package(name: "Drover", path: ".."),
    ],
    targets: [
        // GLib's GIO: the uri-list parsing GTK applies to a dropped file list.
        // Starts libFuzzer from the `main` SwiftPM gives each executable.
        .target(name: "FuzzDriver"),
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // The EXIF walkers are ImageFormats'; the tags they find are read with libexif by
        // DecoderKit's ExifReader (in the decode child), and its answer is read back by Drover.
        .executableTarget(name: "FuzzExif", dependencies: [
            "FuzzDriver",
            .product(name: "ImageFormats", package: "Drover"),
            .product(name: "DecoderKit", package: "Drover"),
        ]),
        // Sniffing and the completeness checks: ImageFormats alone.
        .executableTarget(name: "FuzzImageEnding", dependencies: ["FuzzDriver", .product(name: "ImageFormats", package: "Drover")]),
        // The places data set's parser and index, and a photo's position as text: GalleryKit's.
        .executableTarget(name: "FuzzPlaces", dependencies: ["FuzzDriver", .product(name: "GalleryKit", package: "Drover")]),
        // (PhotoLocation itself is DecoderKit's: the decode child reads it.)
        .executableTarget(name: "FuzzGeo", dependencies: [
            "FuzzDriver",
            .product(name: "DecoderKit", package: "Drover"),
            .product(name: "GalleryKit", package: "Drover"),
        ]),
        // A JPEG's entry points: found by the background scan's child, used by the viewer's (DecoderKit).
        .executableTarget(name: "FuzzJPEGEntry", dependencies: ["FuzzDriver", .product(name: "DecoderKit", package: "Drover")]),
        .executableTarget(name: "FuzzDrops", dependencies: [
            "CGio",
            "FuzzDriver",
            .product(name: "DragKit", package: "Drover"),
            // Dropped text becomes a note: NoteRow checks and titles it.
            .product(name: "GalleryKit", package: "Drover"),
        ]),
    ]
)
