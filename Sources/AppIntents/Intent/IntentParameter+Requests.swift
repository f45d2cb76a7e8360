import ExtensionProtocol

extension IntentParameter {
    /// An error to throw from `perform()` when this parameter has no usable value: the system
    /// asks the user for one, sets it, and performs the intent again.
    ///
    ///     guard count > 0 else { throw $count.requestValue("How many?") }
    public func requestValue(_ dialog: IntentDialog? = nil) -> any Error {
        needsValueError(dialog)
    }

    /// Asks the user for this parameter's value through the host, waits for the answer, sets
    /// the parameter to it, and returns it:
    ///
    ///     let count = try await $count.requestValue("How many?")
    ///
    /// - Returns: the value the user gave; a list parameter gets a list of one.
    /// - Throws: `CancellationError` when the conversation ends first; an error when
    ///   `perform()` was not run by the system.
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value.ValueType {
        let conversation = try Conversation.required(for: "requestValue(_:)")
        try await conversation.requestValue(of: self, dialog: dialog)
        let current = wrappedValue as Any
        if let value = current as? Value.ValueType { return value }
        if let optional = current as? any OptionalValue, let value = optional.wrapped as? Value.ValueType { return value }
        if let list = current as? any ListValue, let value = list.items.last as? Value.ValueType { return value }
        throw RequestFailure("The value given for \(conversation.name(of: self) ?? titleText) is not a \(Value.ValueType.self).")
    }

    /// The error `requestValue(_:)` returns, typed.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> AppIntentError {
        AppIntentError(.needsValue(self, dialog))
    }

    /// Asks the user to pick one of `itemsToDisambiguate` and waits for the answer.
    /// - Returns: the item picked.
    /// - Throws: `CancellationError` when the conversation ends first; an error when there is
    ///   nothing to pick from or when `perform()` was not run by the system.
    public func requestDisambiguation(among itemsToDisambiguate: [Value.ValueType], dialog: IntentDialog? = nil) async throws
        -> Value.ValueType {
        let conversation = try Conversation.required(for: "requestDisambiguation(among:dialog:)")
        guard !itemsToDisambiguate.isEmpty else {
            throw RequestFailure("requestDisambiguation(among:dialog:) was given no items for the parameter \(conversation.name(of: self) ?? titleText) to choose from.")
        }
        let choices = itemsToDisambiguate.map { ValueCoding.encode($0) ?? .string(String(describing: $0)) }
        let question = AppIntentQuestion(kind: .disambiguation, parameter: conversation.name(of: self),
                                         dialog: (dialog ?? requestDisambiguationDialog)?.text, choices: choices)
        let picked = try await conversation.ask(question) { answer in
            Accepted(try ValueCoding.choice(answer, among: choices))
        }
        return itemsToDisambiguate[picked.value as! Int]
    }

    /// Asks the user whether `itemToConfirm` is the value meant, and waits for the answer.
    /// - Returns: whether the user said yes.
    /// - Throws: `CancellationError` when the conversation ends first; an error when
    ///   `perform()` was not run by the system.
    public func requestConfirmation(for itemToConfirm: Value.ValueType, dialog: IntentDialog? = nil) async throws -> Bool {
        let conversation = try Conversation.required(for: "requestConfirmation(for:dialog:)")
        let question = AppIntentQuestion(kind: .parameterConfirmation, parameter: conversation.name(of: self),
                                         dialog: dialog?.text, subject: ValueCoding.encode(itemToConfirm))
        let answer = try await conversation.ask(question) { Accepted(try ValueCoding.confirmation($0)) }
        return answer.value as! Bool
    }
}

/// A request `perform()` made that cannot be made, in one sentence.
struct RequestFailure: Error, LocalizedError, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    var errorDescription: String? { description }
}
