/// Where a parameter takes its value from when the intent follows another in a shortcut.
public struct InputConnectionBehavior: Hashable, Sendable {
    let name: String

    /// The system decides.
    public static var `default`: InputConnectionBehavior { .init(name: "default") }
    /// The parameter takes the previous intent's result.
    public static var connectToPreviousIntentResult: InputConnectionBehavior { .init(name: "connectToPreviousIntentResult") }
    /// The parameter never takes another intent's result.
    public static var never: InputConnectionBehavior { .init(name: "never") }
}

extension IntentParameter {
    /// The bounds a number parameter's value must lie within, `(lowerBound: 1, upperBound: 10)`.
    public typealias InclusiveRange<Bound> = (lowerBound: Bound, upperBound: Bound)

    /// How the Shortcuts editor edits an integer parameter; the host asks for any integer.
    public enum IntControlStyle: Hashable, Sendable {
        case field
        case stepper
    }

    /// How the Shortcuts editor edits a number parameter; the host asks for any number.
    public enum DoubleControlStyle: Hashable, Sendable {
        case field
        case slider
        case stepper
    }
}

extension IntentParameter where Value.ValueType == Int {
    /// An integer parameter with a control style and bounds, sent to the host as the
    /// parameter's `minimum` and `maximum`.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value.UnwrappedType? = nil, controlStyle: IntControlStyle = .stepper,
                            inclusiveRange: InclusiveRange<Value.ValueType>? = nil, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
        self.range = inclusiveRange.map { (Double($0.lowerBound), Double($0.upperBound)) }
    }

    /// An integer parameter titled with its property's name, with a control style and bounds.
    public convenience init(description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
                            controlStyle: IntControlStyle = .stepper, inclusiveRange: InclusiveRange<Value.ValueType>? = nil,
                            requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(description: description, default: defaultValue, requestValueDialog: requestValueDialog)
        self.range = inclusiveRange.map { (Double($0.lowerBound), Double($0.upperBound)) }
    }
}

extension IntentParameter where Value.ValueType == Double {
    /// A number parameter with a control style and bounds, sent to the host as the parameter's
    /// `minimum` and `maximum`.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value.UnwrappedType? = nil, controlStyle: DoubleControlStyle = .field,
                            inclusiveRange: InclusiveRange<Value.ValueType>? = nil, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
        self.range = inclusiveRange.map { ($0.lowerBound, $0.upperBound) }
    }
}

extension IntentParameter where Value.ValueType == String {
    /// A text parameter with the keyboard options of Apple's editor, kept but not used by the host.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value.UnwrappedType? = nil, inputOptions: String.IntentInputOptions? = nil,
                            requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter {
    /// A parameter whose values a `DynamicOptionsProvider` lists. The host asks for any value of
    /// the parameter's type; the provider is kept for code written for Apple's systems.
    public convenience init<OptionsProvider: DynamicOptionsProvider>(title: LocalizedStringResource,
                                                                     description: LocalizedStringResource? = nil,
                                                                     default defaultValue: Value.UnwrappedType? = nil,
                                                                     requestValueDialog: IntentDialog? = nil,
                                                                     inputConnectionBehavior: InputConnectionBehavior = .default,
                                                                     optionsProvider: OptionsProvider)
        where OptionsProvider.DefaultValue == Value.ValueType {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension String {
    /// How Apple's editor lets the user type a text parameter; kept, not used by the host.
    public struct IntentInputOptions: Hashable, Sendable {
        /// The keyboard shown.
        public enum KeyboardType: Hashable, Sendable {
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter,
                 webSearch, asciiCapableNumberPad
        }

        /// How letters are capitalized as the user types.
        public enum CapitalizationType: Hashable, Sendable {
            case none, words, sentences, allCharacters
        }

        public var keyboardType: KeyboardType
        public var capitalizationType: CapitalizationType
        public var multiline: Bool
        public var autocorrect: Bool
        public var smartQuotes: Bool
        public var smartDashes: Bool

        /// Options with Apple's defaults.
        public init(keyboardType: KeyboardType = .asciiCapable, capitalizationType: CapitalizationType = .sentences, multiline: Bool = false,
                    autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true) {
            self.keyboardType = keyboardType
            self.capitalizationType = capitalizationType
            self.multiline = multiline
            self.autocorrect = autocorrect
            self.smartQuotes = smartQuotes
            self.smartDashes = smartDashes
        }
    }
}
