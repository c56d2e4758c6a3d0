import Foundation

/// Drover's command line: `drover [--library DIR] [--import DIR|FILE]… [--import-only] [FILE…]`.
///
/// Bare arguments are opened (`opens`: shown in the viewer, not imported; a folder is
/// imported, which the application decides, as it can look at the disk) unless
/// `--import` or `--import-only` is given, when they are imported too: `drover --import
/// FILE…`. A web address (`http://`, `https://`) is imported either way, downloaded as a
/// browser's drop is.
struct CommandLineOptions: Equatable {
    var libraryDirectory: URL?
    /// Files and folders to import, from `--import` and from bare arguments with it, and
    /// web addresses.
    var imports: [URL] = []
    /// Files (or folders) to open: bare arguments without `--import`.
    var opens: [URL] = []
    /// Import, print a summary and exit without opening a window (scripts, benchmarks).
    var importOnly = false
    var showHelp = false
    /// Paths to import whose names are not valid UTF-8: the indexes of their arguments in
    /// what `parse` was given (`notText`). They exist, but Drover cannot name them.
    var importsNotText: [Int] = []

    static let usage = """
        Usage: drover [OPTIONS] [FILE…]

        Opens the Drover photo gallery. An image FILE is shown in the viewer, with the
        other images of its folder, without importing it (Add to Library imports it); a
        folder, or an http(s) address, is imported into the running instance's library.

        Options:
          --library DIR   use the library in DIR (default: $XDG_DATA_HOME/drover)
          --import PATH   import an image or a folder of images (may be repeated; with
                          it, every FILE is imported too: drover --import FILE…)
          --import-only   import, print a summary and exit without a window
          --sandbox-report  say how image decoding is confined on this machine
          --version       print Drover's version
          -h, --help      show this help
        """

    /// An `http://` or `https://` address (any case), not a file name.
    static func isWebAddress(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && URL(string: argument)?.host != nil
    }

    struct ParseError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Whether `arguments` (without the program name) ask for help anywhere before a `--`:
    /// help is then all that is done, whatever else they say.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// Parses `arguments` (without the program name); relative paths resolve against `directory`.
    /// `notText` holds the indexes of arguments that were not valid UTF-8 as given.
    static func parse(_ arguments: [String], relativeTo directory: String?,
                      notText: Set<Int> = []) throws(ParseError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = Array(arguments.indices)[...]
        let base = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        func path(_ value: String) -> URL {
            if isWebAddress(value), let url = URL(string: value) { return url }
            if value.hasPrefix("file://"), let url = URL(string: value) { return url.standardizedFileURL }
            return URL(fileURLWithPath: value, relativeTo: base).standardizedFileURL
        }
        func value(for option: String) throws(ParseError) -> Int {
            guard let index = remaining.popFirst(), !arguments[index].hasPrefix("--") else {
                throw ParseError(description: "\(option) needs a value")
            }
            return index
        }
        var bare: [Int] = []
        var sawImport = false
        func addImport(_ index: Int) {
            if notText.contains(index) { options.importsNotText.append(index) } else { options.imports.append(path(arguments[index])) }
        }
        while let index = remaining.popFirst() {
            let argument = arguments[index]
            switch argument {
            case "--library":
                // An empty value would mean the current folder: never a library by accident.
                let folder = try value(for: argument)
                guard !arguments[folder].isEmpty else { throw ParseError(description: "--library needs a folder, not an empty name") }
                guard !notText.contains(folder) else {
                    throw ParseError(description: "the library folder's name is not valid text (UTF-8): rename it or choose another")
                }
                options.libraryDirectory = path(arguments[folder])
            case "--import":
                sawImport = true
                addImport(try value(for: argument))
            case "--import-only": options.importOnly = true
            case "-h", "--help": options.showHelp = true
            case "--": bare += remaining; remaining = []
            default:
                if argument.hasPrefix("-") { throw ParseError(description: "unknown option \(argument)") }
                bare.append(index)
            }
        }
        let imports = sawImport || options.importOnly
        for index in bare {
            if imports || notText.contains(index) || isWebAddress(arguments[index]) { addImport(index) } else { options.opens.append(path(arguments[index])) }
        }
        return options
    }
}
