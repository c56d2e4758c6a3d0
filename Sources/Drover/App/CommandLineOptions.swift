import Foundation

/// Drover's command line: `drover [--library DIR] [--import DIR|FILE]… [--import-only] [FILE…]`.
struct CommandLineOptions: Equatable {
    var libraryDirectory: URL?
    /// Files and folders to import, from `--import` and from bare arguments.
    var imports: [URL] = []
    /// Import, print a summary and exit without opening a window (scripts, benchmarks).
    var importOnly = false
    var showHelp = false

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

    /// Parses `arguments` (without the program name); relative paths resolve against `directory`.
    static func parse(_ arguments: [String], relativeTo directory: String?) throws(ParseError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments[...]
        let base = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        func path(_ value: String) -> URL {
            if value.hasPrefix("file://"), let url = URL(string: value) { return url.standardizedFileURL }
            return URL(fileURLWithPath: value, relativeTo: base).standardizedFileURL
        }
        func value(for option: String) throws(ParseError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ParseError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--library":
                // An empty value would mean the current folder: never a library by accident.
                let folder = try value(for: argument)
                guard !folder.isEmpty else { throw ParseError(description: "--library needs a folder, not an empty name") }
                options.libraryDirectory = path(folder)
            case "--import": options.imports.append(path(try value(for: argument)))
            case "--import-only": options.importOnly = true
            case "-h", "--help": options.showHelp = true
            case "--": options.imports += remaining.map(path); remaining = []
            default:
                if argument.hasPrefix("-") { throw ParseError(description: "unknown option \(argument)") }
                options.imports.append(path(argument))
            }
        }
        return options
    }
}
