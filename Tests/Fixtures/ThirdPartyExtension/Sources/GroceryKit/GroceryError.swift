import AppIntents
import Foundation

enum GroceryError: Error, CustomLocalizedStringResourceConvertible {
    case quantityTooLarge(Int)
    case alreadyOnList(String)

    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .quantityTooLarge(let quantity): "You can't add \(quantity) of anything. Try a smaller number."
        case .alreadyOnList(let name): "\(name) is already on your list."
        }
    }
}
