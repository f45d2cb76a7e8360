/// A type a parameter or a result can hold: `String`, `Int`, `Double`, `Bool`, `Date`, `URL`,
/// an `AppEntity`, an `AppEnum`, and optionals and arrays of those.
///
/// As Apple names it: not meant for your own conformances, which the system cannot move
/// across the process boundary.
public protocol _IntentValue {
    /// The value one item of the parameter holds: the wrapped type of an optional, the element of an array.
    associatedtype ValueType = Self
    /// The type without its optional: what `@Parameter(default:)` takes.
    associatedtype UnwrappedType = Self
}

extension String: _IntentValue {}
extension Int: _IntentValue {}
extension Double: _IntentValue {}
extension Bool: _IntentValue {}
extension Date: _IntentValue {}
extension URL: _IntentValue {}
/// The value of a result that returns none.
extension Never: _IntentValue {}

/// An optional parameter: nil while it has no value, and `perform()` runs without one.
extension Optional: _IntentValue where Wrapped: _IntentValue {
    public typealias ValueType = Wrapped.ValueType
    public typealias UnwrappedType = Wrapped.UnwrappedType
}

/// A list parameter: the user may give several values, and it is empty when they give none.
extension Array: _IntentValue where Element: _IntentValue {
    public typealias ValueType = Element.ValueType
    public typealias UnwrappedType = [Element]
}
