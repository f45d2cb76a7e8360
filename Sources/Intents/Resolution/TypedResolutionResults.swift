import Foundation
import CoreLocation

/// Resolves a parameter that holds a person.
open class INPersonResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedPerson: INPerson) -> Self { success(resolvedPerson) }
    public class func disambiguation(with peopleToDisambiguate: [INPerson]) -> Self { disambiguation(peopleToDisambiguate) }
    public class func confirmationRequired(with personToConfirm: INPerson?) -> Self { confirmation(personToConfirm) }
}

/// Resolves a parameter that holds a string.
open class INStringResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedString: String) -> Self { success(resolvedString) }
    public class func disambiguation(with stringsToDisambiguate: [String]) -> Self { disambiguation(stringsToDisambiguate) }
    public class func confirmationRequired(with stringToConfirm: String?) -> Self { confirmation(stringToConfirm) }
}

/// Resolves a parameter that holds an integer.
open class INIntegerResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedValue: Int) -> Self { success(resolvedValue) }
    public class func disambiguation(with valuesToDisambiguate: [Int]) -> Self { disambiguation(valuesToDisambiguate) }
    public class func confirmationRequired(with valueToConfirm: Int?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a decimal number.
open class INDoubleResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedValue: Double) -> Self { success(resolvedValue) }
    public class func disambiguation(with valuesToDisambiguate: [Double]) -> Self { disambiguation(valuesToDisambiguate) }
    public class func confirmationRequired(with valueToConfirm: Double?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a yes/no value.
open class INBooleanResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedValue: Bool) -> Self { success(resolvedValue) }
    public class func confirmationRequired(with valueToConfirm: Bool?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds an `INObject` or a custom type derived from it.
open class INObjectResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedObject: INObject) -> Self { success(resolvedObject) }
    public class func disambiguation(with objectsToDisambiguate: [INObject]) -> Self { disambiguation(objectsToDisambiguate) }
    public class func confirmationRequired(with objectToConfirm: INObject?) -> Self { confirmation(objectToConfirm) }
}

/// Resolves a parameter that holds a speakable string.
open class INSpeakableStringResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedString: INSpeakableString) -> Self { success(resolvedString) }
    public class func disambiguation(with stringsToDisambiguate: [INSpeakableString]) -> Self { disambiguation(stringsToDisambiguate) }
    public class func confirmationRequired(with stringToConfirm: INSpeakableString?) -> Self { confirmation(stringToConfirm) }
}

/// Resolves a parameter that holds date components.
open class INDateComponentsResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedDateComponents: DateComponents) -> Self { success(resolvedDateComponents) }
    public class func disambiguation(with dateComponentsToDisambiguate: [DateComponents]) -> Self { disambiguation(dateComponentsToDisambiguate) }
    public class func confirmationRequired(with dateComponentsToConfirm: DateComponents?) -> Self { confirmation(dateComponentsToConfirm) }
}

/// Resolves a parameter that holds a case of a custom intent enumeration.
open class INEnumResolutionResult<Value: INIntentEnumeration>: INIntentResolutionResult {
    public class func success(with resolvedValue: Value) -> Self { success(resolvedValue) }
    public class func disambiguation(with valuesToDisambiguate: [Value]) -> Self { disambiguation(valuesToDisambiguate) }
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self { confirmation(valueToConfirm) }
}

/// Resolves a parameter that holds a place.
open class INPlacemarkResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedPlacemark: CLPlacemark) -> Self { success(resolvedPlacemark) }
    public class func disambiguation(with placemarksToDisambiguate: [CLPlacemark]) -> Self { disambiguation(placemarksToDisambiguate) }
    public class func confirmationRequired(with placemarkToConfirm: CLPlacemark?) -> Self { confirmation(placemarkToConfirm) }
}

/// Resolves a parameter that holds a URL.
open class INURLResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedURL: URL) -> Self { success(resolvedURL) }
    public class func disambiguation(with urlsToDisambiguate: [URL]) -> Self { disambiguation(urlsToDisambiguate) }
    public class func confirmationRequired(with urlToConfirm: URL?) -> Self { confirmation(urlToConfirm) }
}

/// Resolves a parameter that holds a duration, in seconds.
open class INTimeIntervalResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedTimeInterval: TimeInterval) -> Self { success(resolvedTimeInterval) }
    public class func confirmationRequired(with timeIntervalToConfirm: TimeInterval) -> Self { confirmation(timeIntervalToConfirm) }
}

/// Resolves a parameter that holds a file.
open class INFileResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedFile: INFile) -> Self { success(resolvedFile) }
    public class func disambiguation(with filesToDisambiguate: [INFile]) -> Self { disambiguation(filesToDisambiguate) }
    public class func confirmationRequired(with fileToConfirm: INFile?) -> Self { confirmation(fileToConfirm) }
}

/// Resolves a parameter that holds an amount of money.
open class INCurrencyAmountResolutionResult: INIntentResolutionResult {
    public class func success(with resolvedCurrencyAmount: INCurrencyAmount) -> Self { success(resolvedCurrencyAmount) }
    public class func disambiguation(with currencyAmountsToDisambiguate: [INCurrencyAmount]) -> Self { disambiguation(currencyAmountsToDisambiguate) }
    public class func confirmationRequired(with currencyAmountToConfirm: INCurrencyAmount?) -> Self { confirmation(currencyAmountToConfirm) }
}
