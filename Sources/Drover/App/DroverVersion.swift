/// Drover's version, as `drover --version` and the About window show it. The one number
/// is `version:` in meson.build: scripts/check-version.sh (a meson test, and run by the
/// end-to-end tests) fails when this or the metainfo's newest release says otherwise.
enum DroverVersion {
    static let number = "0.1.0"
}
