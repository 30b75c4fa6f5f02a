import ArgumentParser
import Configuration

/// `touchscroll config check FILE` and `touchscroll config defaults`.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a configuration file, or print the default configuration.",
        discussion: "Keys, defaults and meanings: docs/configuration.md.",
        subcommands: [Check.self, Defaults.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate a configuration file and print a summary of it.",
            discussion: """
            Prints a summary on standard output and exits 0 when the file is valid. Otherwise prints \
            every problem on standard error, one a line, as FILE:LINE:COLUMN: KEY.PATH: PROBLEM, \
            and exits 2.
            """
        )

        @Argument(help: "The YAML configuration file.")
        var file: String

        func run() throws {
            let configuration = try loadConfiguration(file, warn: false)
            print("\(file): valid")
            print(ConfigurationSummary.text(for: configuration))
            for note in ConfigurationNotes.notes(for: configuration) { print("note: \(note)") }
        }
    }

    struct Defaults: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "defaults",
            abstract: "Print the default configuration as YAML (every key, UIKit's defaults)."
        )

        func run() throws {
            print(try ConfigurationYAMLWriter.yaml(for: .defaults), terminator: "")
        }
    }
}

/// Loads a configuration file, or exits 2 after printing every problem on standard error. A file
/// that loads but whose status-bar tap can scroll nothing (several visible views with scrollsToTop)
/// is warned about on standard error (`config check` prints it as a note instead).
func loadConfiguration(_ path: String?, warn: Bool = true) throws -> TouchscrollConfiguration {
    guard let path else { return .defaults }
    do {
        let configuration = try ConfigurationLoader.load(contentsOfFile: path)
        if warn {
            for note in ConfigurationNotes.scrollsToTopNotes(for: configuration) { StandardError.print("<4>touchscroll.config: \(path): \(note)") }
        }
        return configuration
    } catch {
        StandardError.log(.error, error.description)
        throw ExitCodes.invalidConfiguration
    }
}
