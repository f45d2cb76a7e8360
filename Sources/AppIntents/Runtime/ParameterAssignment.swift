import ExtensionProtocol

/// Sets an intent's parameters from the values the host sent, keyed by parameter name.
enum ParameterAssignment {
    /// - Throws: `ExtensionFailure`: `.unknownParameter` for a name the intent has no parameter
    ///   of, `.badRequest` for a value the parameter cannot take.
    static func assign(_ values: [String: IntentValue], to intent: any AppIntent) async throws {
        let intentName = String(describing: type(of: intent))
        let parameters = Dictionary(ParameterReflection.parameters(of: intent).map { ($0.name, $0.parameter) }) { first, _ in first }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = parameters[name] else {
                throw ExtensionFailure(.unknownParameter, "\(intentName) has no parameter named \"\(name)\".")
            }
            do {
                let converted = try await ValueCoding.decode(value, as: parameter.valueType)
                guard parameter.setValue(converted) else { throw ConversionFailure(reason: "it takes a \(parameter.valueType)") }
            } catch let failure as ConversionFailure {
                throw ExtensionFailure(.badRequest, sentence(intent: intentName, parameter: name, value: value, failure: failure))
            }
        }
    }

    /// `The parameter "count" of CountIntent cannot be "many": it takes an integer.`
    static func sentence(intent: String, parameter: String, value: IntentValue, failure: ConversionFailure) -> String {
        "The parameter \"\(parameter)\" of \(intent) cannot be \"\(value.displayString)\": \(failure.reason)."
    }
}
