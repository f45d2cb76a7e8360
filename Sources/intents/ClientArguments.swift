#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the client reads of the arguments before handing them on: the subcommand and the
/// global options (`--state`, `--apps`), on either side of the subcommand, as `intents` takes them.
struct ClientArguments {
    let arguments: [String]
    private(set) var subcommand: String?
    private(set) var stateFolder: String?

    init(_ arguments: [String]) {
        self.arguments = arguments
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if let (name, value, width) = Self.option(at: index, in: arguments) {
                if name == "--state" { stateFolder = value }
                index += width
                continue
            }
            if subcommand == nil && !argument.hasPrefix("-") { subcommand = argument }
            index += 1
        }
    }

    /// The options whose value is a path: the global folders, and the transcript `send` and
    /// `say` write (`--record`).
    static let pathOptions = ["--state", "--apps", "--record"]

    /// The arguments with relative `--state` and `--apps` folders and `--record` files made
    /// absolute, since the server runs the command in its own working directory.
    func absolutized(workingDirectory: String) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--" {
                result += arguments[index...]
                break
            }
            // A value that looks like an option is left as it is, for the parser to refuse.
            if let (name, value, width) = Self.option(at: index, in: arguments, names: Self.pathOptions, refusingOptionValues: true) {
                result += [name, value.isEmpty || value.hasPrefix("/") ? value : workingDirectory + "/" + value]
                index += width
                continue
            }
            result.append(arguments[index])
            index += 1
        }
        // `contacts use PATH` names a file or folder of the client's, as the options above do,
        // wherever the path stands: after `--`, or after options (`use --state S PATH`).
        let words = Self.positionals(in: result)
        if words.count >= 3, result[words[0]] == "contacts", result[words[1]] == "use" {
            let path = result[words[2]]
            if !path.isEmpty && !path.hasPrefix("/") { result[words[2]] = workingDirectory + "/" + path }
        }
        return result
    }

    /// The indices of the positional arguments, as the parser reads them: every argument after
    /// `--`, and before it those that are neither an option, nor a flag, nor an option's value.
    static func positionals(in arguments: [String]) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                found += Array(index + 1 ..< arguments.count)
                break
            }
            if let (_, _, width) = option(at: index, in: arguments, refusingOptionValues: true) {
                index += width
                continue
            }
            if !argument.hasPrefix("-") || argument == "-" { found.append(index) }
            index += 1
        }
        return found
    }

    /// `--state X`, `--state=X`, `--apps X` or `--apps=X` (or another of `names`) at `index`:
    /// the name, the value and how many arguments it takes. With `refusingOptionValues`, a
    /// separate value that looks like an option (`--answer --json`, `--apps -x`) is not taken:
    /// the parser refuses it.
    static func option(at index: Int, in arguments: [String], names: [String] = ["--state", "--apps"],
                       refusingOptionValues: Bool = false) -> (String, String, Int)? {
        let argument = arguments[index]
        for name in names {
            if argument == name, index + 1 < arguments.count {
                // The parser takes no separate value that looks like an option (`-x`, `-1`;
                // `-` alone is a value): it refuses `--apps -x` as a missing value.
                let next = arguments[index + 1]
                if refusingOptionValues && next.hasPrefix("-") && next != "-" { return nil }
                return (name, arguments[index + 1], 2)
            }
            if argument.hasPrefix(name + "=") { return (name, String(argument.dropFirst(name.count + 1)), 1) }
        }
        return nil
    }

    /// The process's working directory, which relative folders are taken from; `/` when it
    /// cannot be had.
    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}
