import ArgumentParser
import ExtensionProtocol
import Foundation
import IntentsHost

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Run an intent through the extension that supports it: resolve, confirm, handle.",
        discussion: """
        Parameters are typed by the intent: a list parameter takes several --param (or commas).
        Questions are asked on the terminal; --answer gives answers in advance, in order (a
        choice by its number or its name, a confirmation by yes or no).

        Examples:
          intents send INSendMessageIntent --param recipients=Bobo --param content="Please send more bananas"
          intents send INSendMessageIntent --param recipients=Bobo --param content=hi --answer 2 --json
          intents send OrderPizzaIntent --param kind=margherita --param quantity=2 --param deliveryTime=19:30
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The intent's class name, as in IntentsSupported.") var intent: String
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter, as NAME=VALUE; repeatable.", valueName: "name=value"))
    var parameters: [String] = []
    @Option(name: .customLong("answer"), help: ArgumentHelp("An answer to the next question; repeatable.", valueName: "value"))
    var answers: [String] = []
    @Flag(help: "Never ask: fail with exit code 2 when input is needed and no --answer is left.")
    var nonInteractive = false
    @Option(help: ArgumentHelp("Deadline of each step, in seconds (default: $INTENTS_STEP_TIMEOUT, else 10).", valueName: "seconds"))
    var timeout: Double?
    @Flag(help: "Print one JSON object: intent, extension, status, code, output, prompts...") var json = false
    @Option(help: ArgumentHelp("The extension's CPU time limit, in seconds (default 60).", valueName: "seconds"))
    var cpuLimit: UInt64?
    @Option(help: ArgumentHelp("The extension's address-space limit, in MiB (default 1024).", valueName: "MiB"))
    var memoryLimit: UInt64?
    @Option(help: ArgumentHelp("The extension's open-file limit (default 256).", valueName: "count"))
    var openFilesLimit: UInt64?
    @Flag(name: .customLong("unsafe-no-sandbox"),
          help: "DANGER: run the extension with no confinement at all (no Landlock, seccomp, namespaces or limits). For debugging only.")
    var unsafeNoSandbox = false

    func validate() throws {
        for parameter in parameters where !parameter.contains("=") || parameter.hasPrefix("=") {
            throw ValidationError("--param \"\(parameter)\" must be NAME=VALUE, for example --param content=hello.")
        }
        if let timeout, !(timeout > 0) {
            throw ValidationError("--timeout must be a positive number of seconds; got \(timeout).")
        }
        for (flag, value) in [("--cpu-limit", cpuLimit), ("--memory-limit", memoryLimit), ("--open-files-limit", openFilesLimit)] where value == 0 {
            throw ValidationError("\(flag) must be at least 1.")
        }
        if let memoryLimit, memoryLimit < 64 {
            throw ValidationError("--memory-limit \(memoryLimit) is too small for the Swift runtime; give at least 64 MiB.")
        }
    }

    func run() async throws {
        let seconds = timeout ?? ProcessInfo.processInfo.environment["INTENTS_STEP_TIMEOUT"].flatMap(Double.init) ?? 10
        var configuration = try global.hostConfiguration(stepTimeout: .milliseconds(Int64(seconds * 1000)))
        if let cpuLimit { configuration.sandboxLimits.cpuSeconds = cpuLimit }
        if let memoryLimit { configuration.sandboxLimits.memoryBytes = memoryLimit << 20 }
        if let openFilesLimit { configuration.sandboxLimits.openFiles = openFilesLimit }
        if unsafeNoSandbox {
            configuration.unsafeNoSandbox = true
            printError("WARNING: --unsafe-no-sandbox: the extension runs UNCONFINED, with all of this user's rights over files, network and processes.")
        }
        let dispatcher = IntentDispatcher(configuration: configuration)
        let interactive = !nonInteractive && isatty(0) == 1
        let user = TerminalUser(answers: answers, interactive: interactive)
        let pairs = parameters.map { text -> (name: String, value: String) in
            let split = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(split[0]), split.count > 1 ? String(split[1]) : "")
        }
        do {
            let result = try await dispatcher.send(intent, parameters: pairs, user: user)
            await dispatcher.shutdown()
            report(result)
            if result.isFailure { throw ExitCode(ExitStatus.extensionAnsweredFailure) }
        } catch let error as HostError {
            await dispatcher.shutdown()
            let bundle = try? dispatcher.route(intent).bundleIdentifier
            if json {
                var object: [String: Any] = ["intent": intent, "status": error.code == .refusedByPolicy ? "refused" : "error",
                                             "error": ["code": error.code.rawValue, "message": error.message], "prompts": []]
                if let bundle { object["extension"] = bundle }
                JSONOutput.print(object)
            } else {
                printError("error: \(error.message)")
            }
            throw ExitCode(ExitStatus.code(for: error))
        }
    }

    private func report(_ result: SendResult) {
        let response = result.outcome.response
        if json {
            var object: [String: Any] = [
                "intent": intent, "extension": result.extensionBundle, "status": response.category.rawValue,
                "code": response.code, "codeName": response.codeName, "step": result.outcome.step.rawValue,
                "parameters": JSONOutput.plain(result.outcome.intent.parameters),
                "output": Dictionary(response.output.map { ($0.name, JSONOutput.plain($0.value)) }, uniquingKeysWith: { a, _ in a }),
                "prompts": result.outcome.prompts.map(JSONOutput.plain),
            ]
            if let activity = response.userActivity {
                var plain: [String: Any] = ["activityType": activity.activityType, "userInfo": JSONOutput.plain(activity.userInfo)]
                if let title = activity.title { plain["title"] = title }
                object["userActivity"] = plain
            }
            JSONOutput.print(object)
            return
        }
        let step = result.outcome.step == .confirm ? " at confirm" : ""
        print("\(result.extensionBundle) answered \(response.codeName) (code \(response.code))\(step).")
        for parameter in result.outcome.schema.parameters {
            if let value = result.outcome.intent.parameters[parameter.name] { print("  \(parameter.name) = \(value.displayString)") }
        }
        for value in response.output { print("  output \(value.name): \(value.value.displayString)") }
        if let activity = response.userActivity {
            switch response.category {
            case .continueInApp, .failureRequiringAppLaunch:
                print("  The app should continue with user activity \(activity.activityType).")
            default:
                print("  user activity: \(activity.activityType)")
            }
        }
    }
}
