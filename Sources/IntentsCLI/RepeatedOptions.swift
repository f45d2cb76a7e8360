import ArgumentParser

/// Options a user may repeat thousands of times (`--param`, `--answer`), taken out of the
/// arguments before ArgumentParser sees them: it removes each parsed value from an array, so
/// its time grows with the square of their count. Taken out here, parsing stays linear.
struct RepeatedOptions {
    /// The options taken out, with their values in order.
    private var values: [String: [String]] = [:]

    /// The most arguments left for ArgumentParser: every other option, flag and argument. Its
    /// quadratic time stays under a second or two within this bound; nobody needs more.
    static let maximumOtherArguments = 1000

    /// The subcommands that take these options, and which of them each takes.
    static let takers: [String: Set<String>] = ["send": ["--param", "--answer"], "say": ["--answer"]]

    /// Takes the options of `takers[arguments[0]]` out of `arguments` (after hoisting, the
    /// first argument is the subcommand); anything after `--` stays. Returns what is left.
    mutating func extract(from arguments: [String]) -> [String] {
        guard let subcommand = arguments.first, let names = Self.takers[subcommand] else { return arguments }
        var rest: [String] = []
        rest.reserveCapacity(arguments.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            // A value that is itself an option ("--answer --json") is left for ArgumentParser to refuse.
            if names.contains(argument), index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                values[argument, default: []].append(arguments[index + 1])
                index += 2
                continue
            }
            if let equals = argument.firstIndex(of: "="), names.contains(String(argument[..<equals])) {
                values[String(argument[..<equals]), default: []].append(String(argument[argument.index(after: equals)...]))
                index += 1
                continue
            }
            rest.append(argument)
            index += 1
        }
        return rest
    }

    /// The values of `name`, in the order given.
    subscript(name: String) -> [String] { values[name] ?? [] }
}

/// A command that receives the repeated options taken out before parsing.
protocol TakesRepeatedOptions: ParsableCommand {
    mutating func take(_ options: RepeatedOptions)
}
