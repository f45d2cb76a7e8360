import Intents
import SharedKit

// The classes of this module (OrderPizzaIntent, its handling protocol and response, the Pizza
// type and the resolution results) are generated from Intents.intentdefinition by the
// IntentDefinitionGenerator plugin, as Xcode generates them; this file adds what the app and
// its extension share on top.

extension Pizza {
    /// The intent's pizza for a pizza of the menu.
    public convenience init(menuItem: MenuPizza) {
        self.init(identifier: menuItem.identifier, display: menuItem.name)
    }
}
