import Foundation

/// Drover's command line: `drover [--library DIR] [--import DIR|FILE]… [--import-only] [FILE…]`.
struct CommandLineOptions: Equatable {
    var libraryDirectory: URL?
    /// Files and folders to import, from `--import` and from bare arguments.
    var imports: [URL] = []
    /// Import, print a summary and exit without opening a window (scripts, benchmarks).
    var importOnly = false
    var showHelp = false
    /// Paths to import whose names are not valid UTF-8: the indexes of their arguments in
    /// what `parse` was given (`notText`). They exist, but Drover cannot name them.
    var importsNotText: [Int] = []

    static let usage = """
        Usage: drover [OPTIONS] [FILE…]

        Opens the Drover photo gallery. FILEs (images or folders) are imported into
        the running instance's library.

        Options:
          --library DIR   use the library in DIR (default: $XDG_DATA_HOME/drover)
          --import PATH   import an image or a folder of images (may be repeated)
          --import-only   import, print a summary and exit without a window
          --sandbox-report  say how image decoding is confined on this machine
          --version       print Drover's version
          -h, --help      show this help
        """

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
            if value.hasPrefix("file://"), let url = URL(string: value) { return url.standardizedFileURL }
            return URL(fileURLWithPath: value, relativeTo: base).standardizedFileURL
        }
        func value(for option: String) throws(ParseError) -> Int {
            guard let index = remaining.popFirst(), !arguments[index].hasPrefix("--") else {
                throw ParseError(description: "\(option) needs a value")
            }
            return index
        }
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
            case "--import": addImport(try value(for: argument))
            case "--import-only": options.importOnly = true
            case "-h", "--help": options.showHelp = true
            case "--": remaining.forEach(addImport); remaining = []
            default:
                if argument.hasPrefix("-") { throw ParseError(description: "unknown option \(argument)") }
                addImport(index)
            }
        }
        return options
    }
}
