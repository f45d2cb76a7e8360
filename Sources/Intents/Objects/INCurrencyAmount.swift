import Foundation
import ExtensionProtocol

/// An amount of money in one currency.
///
/// It crosses the process boundary as an object displayed `12.50 EUR`, with the amount and
/// the ISO 4217 code as properties; a user's `12.50 EUR` is read back the same way.
open class INCurrencyAmount: NSObject, NSSecureCoding, NSCopying {
    /// The amount in the currency's main unit (12.50 for twelve euros fifty, not cents); exact
    /// decimal arithmetic, as money needs.
    public let amount: NSDecimalNumber?
    /// The ISO 4217 code: `EUR`, `USD`, `BRL`...
    public let currencyCode: String?

    /// An amount of `amount` in the currency `currencyCode` (ISO 4217, such as `EUR`). Neither is
    /// checked here; read back from the host, a code must be three letters.
    public required init(amount: NSDecimalNumber, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
        super.init()
    }

    /// True: an amount archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the amount as it crosses the process boundary: the decimal's text and the code.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(intentValue, into: coder)
    }

    /// Reads an amount archived by `encode(with:)`; nil when the archive is not one, or its code
    /// is not three letters.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard let read = IntentArchive.decodeObject(INCurrencyAmount.self, from: coder) else { return nil }
        amount = read.amount
        currencyCode = read.currencyCode
        super.init()
    }

    /// The same amount: an amount cannot change, so the copy is the amount itself.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The amount.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The amount then the code, `12.5 EUR`: what the host shows and what a user may type back.
    open override var description: String {
        [amount?.stringValue, currencyCode].compactMap { $0 }.joined(separator: " ")
    }

    /// Equal to another amount with the same decimal value and the same currency code.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INCurrencyAmount else { return false }
        return amount == other.amount && currencyCode == other.currencyCode
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int { description.hashValue }
}

/// `12`, `-3.50`: digits with an optional sign and fraction, and nothing else (NSDecimalNumber
/// would read `1,000.00` as 1 and `12abc` as 12).
private func isPlainDecimal(_ text: String) -> Bool {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), unsigned.count <= 40 else { return false }
    return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
}

extension INCurrencyAmount: IntentValueCodable {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        var properties: [String: IntentValue] = [:]
        if let amount { properties["amount"] = .string(amount.stringValue) }
        if let currencyCode { properties["currencyCode"] = .string(currencyCode) }
        return .object(ObjectValue(identifier: nil, display: description, properties: properties))
    }

    /// From its properties, or from a display string `12.50 EUR` (or `EUR 12.50`) as a user types it.
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .object(let object) = value else { return nil }
        var amountText: String?
        var code: String?
        if case .string(let text)? = object.properties["amount"] { amountText = text }
        if case .string(let text)? = object.properties["currencyCode"] { code = text }
        if amountText == nil || code == nil {
            let words = object.display.split(separator: " ").map(String.init)
            guard words.count == 2 else { return nil }
            let numberFirst = Double(words[0]) != nil
            amountText = numberFirst ? words[0] : words[1]
            code = (numberFirst ? words[1] : words[0]).uppercased()
        }
        guard let amountText, let code, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }),
              isPlainDecimal(amountText) else { return nil }
        let amount = NSDecimalNumber(string: amountText, locale: Locale(identifier: "en_US_POSIX"))
        guard amount != NSDecimalNumber.notANumber else { return nil }
        return Self(amount: amount, currencyCode: code)
    }
}
