/// Bounds a QR code's module size from what zbar tells us (its corners and its text).
///
/// zbar does not report a code's version (its size in modules: 17 + 4 × version). But the
/// text had to fit: no version smaller than the first one whose capacity holds it can have
/// been used. Numeric mode at error-correction level L packs the most text per byte of
/// any mode, so its capacities give a safe lower bound on the version, hence an upper
/// bound on the module size. A quiet zone computed from it is never too narrow.
enum QRModules {
    /// Numeric-mode capacity (characters) at level L of versions 1…40 (ISO/IEC 18004, table 7).
    private static let numericCapacityL = [
        41, 77, 127, 187, 255, 322, 370, 461, 552, 652, 772, 883, 1022, 1101, 1250, 1408, 1548, 1725, 1903, 2061,
        2232, 2409, 2620, 2812, 3057, 3283, 3517, 3669, 3909, 4158, 4417, 4686, 4965, 5253, 5529, 5836, 6153, 6479, 6743, 7089,
    ]

    /// The smallest version that could hold `byteCount` bytes of text in any mode.
    static func smallestVersion(textByteCount byteCount: Int) -> Int {
        (numericCapacityL.firstIndex { $0 >= byteCount } ?? numericCapacityL.count - 1) + 1
    }

    /// The largest module the code can have, in pixels.
    static func largestModule(sideLength: Double, textByteCount: Int) -> Double {
        sideLength / Double(17 + 4 * smallestVersion(textByteCount: textByteCount))
    }
}
