import Foundation
import CoreLocation

/// Resolves a parameter that holds a person.
open class INPersonResolutionResult: INIntentResolutionResult {
    /// The person is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// Return the person as your app knows them (with its handle and `customIdentifier`), not as the user said them.
    public class func success(with resolvedPerson: INPerson) -> Self { success(resolvedPerson) }
    /// The host asks the user which person they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with peopleToDisambiguate: [INPerson]) -> Self { disambiguation(peopleToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this person, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with personToConfirm: INPerson?) -> Self { confirmation(personToConfirm) }
}

/// Resolves a parameter that holds a string.
open class INStringResolutionResult: INIntentResolutionResult {
    /// The string is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// Return it cleaned up as you want `handle` to see it.
    public class func success(with resolvedString: String) -> Self { success(resolvedString) }
    /// The host asks the user which string they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with stringsToDisambiguate: [String]) -> Self { disambiguation(stringsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this string, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with stringToConfirm: String?) -> Self { confirmation(stringToConfirm) }
}

/// Resolves a parameter that holds an integer.
open class INIntegerResolutionResult: INIntentResolutionResult {
    /// The integer is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedValue: Int) -> Self { success(resolvedValue) }
    /// The host asks the user which integer they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with valuesToDisambiguate: [Int]) -> Self { disambiguation(valuesToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this integer, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with valueToConfirm: Int?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a decimal number.
open class INDoubleResolutionResult: INIntentResolutionResult {
    /// The number is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedValue: Double) -> Self { success(resolvedValue) }
    /// The host asks the user which number they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with valuesToDisambiguate: [Double]) -> Self { disambiguation(valuesToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this number, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with valueToConfirm: Double?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a yes/no value.
open class INBooleanResolutionResult: INIntentResolutionResult {
    /// The yes/no value is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedValue: Bool) -> Self { success(resolvedValue) }
    /// The host asks the user "Did you mean …?" about this yes/no value, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with valueToConfirm: Bool?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds an `INObject` or a custom type derived from it.
open class INObjectResolutionResult: INIntentResolutionResult {
    /// The object is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// Keep its `identifier`: it is how `handle` finds the object.
    public class func success(with resolvedObject: INObject) -> Self { success(resolvedObject) }
    /// The host asks the user which object they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with objectsToDisambiguate: [INObject]) -> Self { disambiguation(objectsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this object, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with objectToConfirm: INObject?) -> Self { confirmation(objectToConfirm) }
}

/// Resolves a parameter that holds a speakable string.
open class INSpeakableStringResolutionResult: INIntentResolutionResult {
    /// The speakable string is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedString: INSpeakableString) -> Self { success(resolvedString) }
    /// The host asks the user which speakable string they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with stringsToDisambiguate: [INSpeakableString]) -> Self { disambiguation(stringsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this speakable string, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with stringToConfirm: INSpeakableString?) -> Self { confirmation(stringToConfirm) }
}

/// Resolves a parameter that holds date components.
open class INDateComponentsResolutionResult: INIntentResolutionResult {
    /// The date is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// Only year, month, day, hour and minute cross to the host.
    public class func success(with resolvedDateComponents: DateComponents) -> Self { success(resolvedDateComponents) }
    /// The host asks the user which date they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with dateComponentsToDisambiguate: [DateComponents]) -> Self { disambiguation(dateComponentsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this date, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with dateComponentsToConfirm: DateComponents?) -> Self { confirmation(dateComponentsToConfirm) }
}

/// Resolves a parameter that holds a case of a custom intent enumeration.
open class INEnumResolutionResult<Value: INIntentEnumeration>: INIntentResolutionResult {
    /// The case is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// The `unknown` case (raw value 0) counts as no value.
    public class func success(with resolvedValue: Value) -> Self { success(resolvedValue) }
    /// The host asks the user which case they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with valuesToDisambiguate: [Value]) -> Self { disambiguation(valuesToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this case, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a place.
open class INPlacemarkResolutionResult: INIntentResolutionResult {
    /// The place is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedPlacemark: CLPlacemark) -> Self { success(resolvedPlacemark) }
    /// The host asks the user which place they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with placemarksToDisambiguate: [CLPlacemark]) -> Self { disambiguation(placemarksToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this place, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with placemarkToConfirm: CLPlacemark?) -> Self { confirmation(placemarkToConfirm) }
}

/// Resolves a parameter that holds a URL.
open class INURLResolutionResult: INIntentResolutionResult {
    /// The URL is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedURL: URL) -> Self { success(resolvedURL) }
    /// The host asks the user which URL they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with urlsToDisambiguate: [URL]) -> Self { disambiguation(urlsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this URL, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with urlToConfirm: URL?) -> Self { confirmation(urlToConfirm) }
}

/// Resolves a parameter that holds a duration, in seconds.
open class INTimeIntervalResolutionResult: INIntentResolutionResult {
    /// The duration, in seconds, is right: the parameter takes this value, which may differ
    /// from what the user gave, and the host moves on to the next parameter.
    public class func success(with resolvedTimeInterval: TimeInterval) -> Self { success(resolvedTimeInterval) }
    /// The host asks the user "Did you mean …?" about this duration. After a yes the
    /// parameter is resolved again and the value is not asked about twice; after a no the user
    /// is asked for a value.
    public class func confirmationRequired(with timeIntervalToConfirm: TimeInterval) -> Self { confirmation(timeIntervalToConfirm) }
}

/// Resolves a parameter that holds a file.
open class INFileResolutionResult: INIntentResolutionResult {
    /// The file is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    public class func success(with resolvedFile: INFile) -> Self { success(resolvedFile) }
    /// The host asks the user which file they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with filesToDisambiguate: [INFile]) -> Self { disambiguation(filesToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this file, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with fileToConfirm: INFile?) -> Self { confirmation(fileToConfirm) }
}

/// Resolves a parameter that holds an amount of money.
open class INCurrencyAmountResolutionResult: INIntentResolutionResult {
    /// The amount is right: the parameter takes this value, which may differ from what the
    /// user gave, and the host moves on to the next parameter.
    ///
    /// Set its currency: an amount without one cannot be read back.
    public class func success(with resolvedCurrencyAmount: INCurrencyAmount) -> Self { success(resolvedCurrencyAmount) }
    /// The host asks the user which amount they mean among these (showing the first 10), then
    /// resolves the parameter again with the pick. With one item it asks to confirm it; with
    /// none, it asks for a value.
    public class func disambiguation(with currencyAmountsToDisambiguate: [INCurrencyAmount]) -> Self { disambiguation(currencyAmountsToDisambiguate) }
    /// The host asks the user "Did you mean …?" about this amount, or the parameter's current
    /// value when nil. After a yes the parameter is resolved again and the value is not asked
    /// about twice; after a no the user is asked for a value.
    public class func confirmationRequired(with currencyAmountToConfirm: INCurrencyAmount?) -> Self { confirmation(currencyAmountToConfirm) }
}
