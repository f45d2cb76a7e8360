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
        out.doc("The codes of \(response); custom codes start at 100.")
        out.block("\(access) enum \(response)Code: Int, INCustomIntentResponseCode") { out in
            for (number, name) in Self.standardCodes.enumerated() { out.line("case \(name) = \(number)") }
            for (offset, code) in custom.enumerated() { out.line("case \(SwiftSource.identifier(code.name)) = \(100 + offset)") }
            let successes = custom.enumerated().filter { $0.element.isSuccess }.map { String(100 + $0.offset) }
            if !successes.isEmpty {
                out.line()
                out.doc("The custom codes the definition marks as successes.")
                out.line("\(access) static var customSuccessCodes: Set<Int> { [\(successes.joined(separator: ", "))] }")
            }
        }
        out.line()
        out.doc("The answer to \(intent.name)Intent, with its output properties.")
        out.block("\(access) class \(response): INIntentResponse") { out in
            for (property, type) in outputs { out.line(PropertyType.declaration(of: property, type: type, access: access)) }
            out.line("\(access) private(set) var code: \(response)Code = .unspecified")
            out.line()
            out.block("\(access) required init()") { $0.line("super.init()") }
            out.line()
            out.block("\(access) init(code: \(response)Code, userActivity: NSUserActivity?)") { out in
                out.line("super.init(responseCode: code, userActivity: userActivity)")
                out.line("self.code = code")
            }
            for code in intent.responseCodes {
                let named = (FormatString.placeholders(in: code.formatString ?? "") + FormatString.placeholders(in: code.conciseFormatString ?? ""))
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
