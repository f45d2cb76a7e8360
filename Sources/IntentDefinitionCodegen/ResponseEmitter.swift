import SiriKitDomains

/// Writes `<Name>IntentResponseCode` and `<Name>IntentResponse`: the standard custom-intent codes
/// (unspecified 0 ... failureRequiringAppLaunch 6), the file's own codes from 100, the output
/// properties, and a convenience constructor for each code whose dialog names output properties.
struct ResponseEmitter {
    let intent: IntentDefinition.Intent
    let generator: SwiftIntentGenerator

    static let standardCodes = ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch"]

    func emit(into out: inout SourceWriter) throws {
        let access = generator.access
        let response = "\(intent.name)IntentResponse"
        let owner = response
        let outputs = try intent.responseParameters.map { ($0, try generator.type(of: $0, owner: owner)) }
        let custom = intent.responseCodes.filter { !Self.standardCodes.contains($0.name) }
        out.line()
        out.doc(lines: ["The codes of \(response); custom codes start at 100.", "", DocText.codeEnumDiscussion(success: true)])
        out.block("\(access) enum \(response)Code: Int, INCustomIntentResponseCode") { out in
            for (number, name) in Self.standardCodes.enumerated() {
                let dialog = intent.responseCodes.first { $0.name == name }?.formatString.map { ["", "The definition's dialog: \"\($0)\""] } ?? []
                out.doc(lines: [SiriKitDomain.responseCodeSummaries[name] ?? "The \(DocText.words(name)) code."] + dialog
                            + ["", DocText.treatment(ofCategory: DocText.category(ofCodeNamed: name))])
                out.line("case \(name) = \(number)")
            }
            for (offset, code) in custom.enumerated() {
                let category = code.isSuccess ? "success" : DocText.category(ofCodeNamed: code.name)
                let dialog = code.formatString.map { ["", "The definition's dialog: \"\($0)\""] } ?? []
                out.doc(lines: ["A custom code of the definition\(code.isSuccess ? ", which it marks as a success" : ""): \(DocText.words(code.name))."] + dialog
                            + ["", DocText.treatment(ofCategory: category)])
                out.line("case \(SwiftSource.identifier(code.name)) = \(100 + offset)")
            }
            let successes = custom.enumerated().filter { $0.element.isSuccess }.map { String(100 + $0.offset) }
            if !successes.isEmpty {
                out.line()
                out.doc("The custom codes the definition marks as successes.")
                out.line("\(access) static var customSuccessCodes: Set<Int> { [\(successes.joined(separator: ", "))] }")
            }
        }
        out.line()
        out.doc(lines: ["The answer to \(intent.name)Intent, with its output properties.", "",
                        "`confirm` and `handle` answer one. After the conversation, the host shows the code and the output properties "
                            + "(`intents send --json` puts them in `code`, `codeName` and `output`)."])
        out.block("\(access) class \(response): INIntentResponse, NSSecureCoding") { out in
            for (property, _) in outputs {
                let what = property.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? DocText.words(property.name)
                out.doc(lines: ["The \(what).", "", "An output of the response, which the host shows after the answer; nil when not set."])
                out.line(PropertyType.declaration(of: property, type: outputs.first { $0.0 == property }!.1, access: access))
            }
            out.doc(lines: ["The response's code, which decides how the host goes on; `unspecified` for a response made with `init()`."])
            out.line("\(access) var code: \(response)Code { \(response)Code(rawValue: responseCodeRawValue) ?? .unspecified }")
            out.line()
            out.doc(lines: ["True: the response archives with `NSKeyedArchiver` under secure coding, as Xcode's generated responses do."])
            out.line("\(access) class var supportsSecureCoding: Bool { true }")
            out.line()
            out.doc(lines: ["Reads a response archived with `NSKeyedArchiver`: its code, output properties and user activity.",
                            "", "- Parameter coder: A keyed coder (`NSKeyedUnarchiver`)."])
            out.line("\(access) required override init?(coder: NSCoder) { super.init(coder: coder) }")
            out.line()
            out.doc(lines: ["Makes a response with code `unspecified`, which the host counts as a failure; the SDK makes one this way for `notImplemented()`."])
            out.block("\(access) required init()") { $0.line("super.init()") }
            out.line()
            out.doc(lines: ["Makes a response with a code and the activity the app goes on with.",
                            "", "- Parameters:",
                            "  - code: What happened; its category decides how the host goes on (see `\(response)Code`).",
                            "  - userActivity: The activity handed to the app when the code sends the user there (`continueInApp`, `failureRequiringAppLaunch`); "
                                + "when nil, the SDK sends one whose `activityType` is `\(intent.name)Intent`."])
            out.block("\(access) init(code: \(response)Code, userActivity: NSUserActivity?)") { out in
                out.line("super.init(responseCode: code, userActivity: userActivity)")
            }
            for code in intent.responseCodes {
                // A placeholder may name a property path (`${orderDetails.total}`): the factory takes the output it starts with.
                let named = (FormatString.placeholders(in: code.formatString ?? "") + FormatString.placeholders(in: code.conciseFormatString ?? ""))
                    .map(FormatString.property)
                var used: [(IntentDefinition.Property, PropertyType)] = []
                for name in named where !used.contains(where: { $0.0.name == name }) {
                    if let output = outputs.first(where: { $0.0.name == name }) { used.append(output) }
                }
                guard !used.isEmpty else { continue }
                let arguments = used.map { property, type in
                    let swiftType = property.isList ? "[\(type.element)]" : type.element
                    return "\(SwiftSource.identifier(property.name)): \(swiftType)"
                }
                out.line()
                var docs = ["A response with code `\(code.name)` and the output properties its dialog names set.", ""]
                if let dialog = code.formatString { docs += ["The definition's dialog: \"\(dialog)\"", ""] }
                if used.count == 1 {
                    docs.append("- Parameter \(SwiftSource.identifier(used[0].0.name)): The \(used[0].0.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? DocText.words(used[0].0.name)).")
                } else {
                    docs.append("- Parameters:")
                    docs += used.map { "  - \(SwiftSource.identifier($0.0.name)): The \($0.0.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? DocText.words($0.0.name))." }
                }
                docs.append("- Returns: The response, with no user activity.")
                out.doc(lines: docs)
                out.block("\(access) static func \(SwiftSource.identifier(code.name))(\(arguments.joined(separator: ", "))) -> \(response)") { out in
                    out.line("let response = \(response)(code: .\(SwiftSource.identifier(code.name)), userActivity: nil)")
                    for (property, _) in used {
                        let name = SwiftSource.identifier(property.name)
                        out.line("response.\(name) = \(name)")
                    }
                    out.line("return response")
                }
            }
        }
    }
}
