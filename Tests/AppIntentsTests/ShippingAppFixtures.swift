// A shopping-list app's App Intents, written as shipping apps write them (only the platform
// imports differ): entities with @Property, a parameter summary with When and Switch, an error
// with its own text, dependencies, options providers, a file parameter, and the protocols apps
// adopt beside AppIntent. DescribeShippingTests and PerformShippingTests drive them.
import AppIntents
#if canImport(UniformTypeIdentifiers)
import UniformTypeIdentifiers
#endif

enum Shipping {
    /// The app's store, registered with AppDependencyManager.
    final class GroceryStore: Sendable {
        let items = ["Milk", "Eggs"]
    }

    enum Aisle: String, AppEnum {
        case dairy, produce, bakery

        static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Aisle", numericFormat: "\(placeholder: .int) aisles")
        static var caseDisplayRepresentations: [Aisle: DisplayRepresentation] = [
            .dairy: "Dairy", .produce: DisplayRepresentation(title: "Produce", subtitle: "Fruit and vegetables"), .bakery: "Bakery",
        ]
    }

    struct GroceryItem: AppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Grocery Item"
        static var defaultQuery = GroceryItemQuery()

        var id: String
        @Property(title: "Name") var name: String
        @Property(title: "Quantity") var quantity: Int
        @Property(title: "Aisle") var aisle: Aisle?
        @Property var note: String?

        var displayRepresentation: DisplayRepresentation {
            DisplayRepresentation(title: "\(name)", subtitle: "\(quantity)")
        }

        init(id: String, name: String, quantity: Int, aisle: Aisle? = nil) {
            self.id = id
            self.name = name
            self.quantity = quantity
            self.aisle = aisle
        }

        static let milk = GroceryItem(id: "milk", name: "Milk", quantity: 2, aisle: .dairy)
    }

    struct GroceryItemQuery: EntityQuery {
        func entities(for identifiers: [GroceryItem.ID]) async throws -> [GroceryItem] {
            identifiers.contains("milk") ? [.milk] : []
        }

        func suggestedEntities() async throws -> [GroceryItem] { [.milk] }
    }

    struct GroceryPropertyQuery: EntityPropertyQuery {
        static var properties = QueryProperties {
            Property(\GroceryItem.$name) {
                EqualToComparator { $0 }
                ContainsComparator { $0 }
            }
            Property(\GroceryItem.$quantity) {
                GreaterThanComparator { "quantity > \($0)" }
            }
        }

        static var sortingOptions = SortingOptions {
            SortableBy(\GroceryItem.$name)
        }

        func entities(for identifiers: [String]) async throws -> [GroceryItem] { [] }

        func entities(matching comparators: [String], mode: ComparatorMode, sortedBy: [EntityQuerySort<GroceryItem>],
                      limit: Int?) async throws -> [GroceryItem] {
            [.milk]
        }
    }

    /// A receipt made by an intent and never looked up again.
    struct Receipt: TransientAppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Receipt"
        var id = UUID()
        @Property(title: "Total") var total: Double
        var displayRepresentation: DisplayRepresentation { "Receipt" }

        init() {
            total = 0
        }
    }

    struct ShoppingSettings: UniqueAppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Shopping Settings"
        @Property(title: "Sort by Aisle") var sortByAisle: Bool
        var displayRepresentation: DisplayRepresentation { "Shopping Settings" }

        init() {
            sortByAisle = true
        }
    }

    enum ShoppingError: Error, CustomLocalizedStringResourceConvertible {
        case quantityTooLarge(Int)
        case unknownItem(String)

        var localizedStringResource: LocalizedStringResource {
            switch self {
            case .quantityTooLarge(let quantity): "You can add at most 99 of an item, not \(quantity)."
            case .unknownItem(let name): "There is no \(name) on the list."
            }
        }
    }

    struct FlavorOptionsProvider: DynamicOptionsProvider {
        func results() async throws -> [String] { ["Vanilla", "Mint"] }
    }

    struct AisleOptionsProvider: DynamicOptionsProvider {
        func results() async throws -> ItemCollection<String> {
            ItemCollection(sections: [ItemSection("Cold", items: [IntentItem("Dairy", title: "Dairy")])])
        }

        func defaultResult() async -> String? { "Dairy" }
    }

    struct AddItemIntent: AppIntent {
        static let title: LocalizedStringResource = "Add Item"
        static var description = IntentDescription("Adds an item to the shopping list.", categoryName: "Shopping")

        @Parameter(title: "Name", description: "What to buy", inputOptions: String.IntentInputOptions(keyboardType: .default, capitalizationType: .words))
        var name: String

        @Parameter(title: "Quantity", default: 1, controlStyle: .stepper, inclusiveRange: (1, 99))
        var quantity: Int

        @Parameter(title: "Aisle")
        var aisle: Aisle?

        @Parameter(title: "Flavor", optionsProvider: FlavorOptionsProvider())
        var flavor: String?

        @Dependency var store: GroceryStore

        static var parameterSummary: some ParameterSummary {
            When(\.$aisle, .hasAnyValue) {
                Summary("Add \(\.$quantity) \(\.$name) from \(\.$aisle)")
            } otherwise: {
                Summary("Add \(\.$quantity) \(\.$name)") {
                    \.$aisle
                    \.$flavor
                }
            }
        }

        func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
            guard quantity <= 99 else { throw ShoppingError.quantityTooLarge(quantity) }
            return .result(value: store.items.count + quantity, dialog: "Added \(quantity) \(name).")
        }
    }

    struct FindItemsIntent: AppIntent {
        static let title: LocalizedStringResource = "Find Items"
        static let isDiscoverable = false

        @Parameter(title: "Aisle", default: .dairy) var aisle: Aisle
        @Parameter(title: "Weight", controlStyle: .slider, inclusiveRange: (0.5, 10.0)) var weight: Double?

        static var parameterSummary: some ParameterSummary {
            Switch(\.$aisle) {
                Case(.dairy) {
                    Summary("Find cold items")
                }
                Case([.produce, .bakery]) {
                    Summary("Find fresh items in \(\.$aisle)")
                }
                DefaultCase {
                    Summary("Find items in \(\.$aisle) under \(\.$weight)")
                }
            }
        }

        func perform() async throws -> some IntentResult & ReturnsValue<[GroceryItem]> {
            .result(value: [.milk])
        }
    }

    struct ScanReceiptIntent: AppIntent {
        static let title: LocalizedStringResource = "Scan Receipt"

        @Parameter(title: "Receipt", supportedContentTypes: [.image, .pdf], inputConnectionBehavior: .connectToPreviousIntentResult)
        var file: IntentFile

        func perform() async throws -> some IntentResult & ReturnsValue<Receipt> {
            .result(value: Receipt())
        }
    }

    struct OrderSoupIntent: CustomIntentMigratedAppIntent, ForegroundContinuableIntent, ProgressReportingIntent {
        static let intentClassName = "OrderSoupIntent"
        static let title: LocalizedStringResource = "Order Soup"

        @Parameter(title: "Quantity", inclusiveRange: (1, 5)) var quantity: Int?

        func perform() async throws -> some IntentResult & ProvidesDialog {
            progress.totalUnitCount = 2
            let count = try await $quantity.requestValue("How many soups?")
            progress.completedUnitCount = 1
            guard count < 5 else {
                throw needsToContinueInForegroundError("Five soups need the app.") { }
            }
            let wanted = try await requestToContinueInForeground("Continue in the app?") { count * 2 }
            return .result(dialog: "Ordering \(wanted) half soups.")
        }
    }

    struct OpenItemIntent: OpenIntent {
        static let title: LocalizedStringResource = "Open Item"
        @Parameter(title: "Item") var target: GroceryItem

        func perform() async throws -> some IntentResult {
            .result()
        }
    }

    struct OldAddIntent: DeprecatedAppIntent {
        static let title: LocalizedStringResource = "Add (Old)"
        static var deprecation: IntentDeprecation<AddItemIntent> { IntentDeprecation(message: "Use Add Item.", replacedBy: AddItemIntent.self) }

        func perform() async throws -> some IntentResult {
            .result()
        }
    }

    struct LegacyIntent: DeprecatedAppIntent {
        static let title: LocalizedStringResource = "Legacy"
        static var deprecation = IntentDeprecation(message: "No longer needed.")

        func perform() async throws -> some IntentResult & ShowsSnippetView & ProvidesDialog {
            try await requestConfirmation(actionName: .set, dialog: "Really?")
            try await requestConfirmation(conditions: [], actionName: .do, dialog: "Sure?") {
                IntentSnippet.text("Legacy")
            }
            return .result(dialog: "Done.") {
                IntentSnippet.html("<p>Done</p>")
            }
        }
    }

    /// Titled from a strings table on Apple's systems; suggested by the parameters it ran with.
    struct SearchItemsIntent: PredictableIntent {
        static var title: LocalizedStringResource = .init("intent.search.title", defaultValue: "Search Items")

        @Parameter(title: "Query") var query: String
        @Parameter(title: "Aisle", default: .dairy) var aisle: Aisle

        static var predictionConfiguration: some IntentPredictionConfiguration {
            IntentPrediction(parameters: (\.$query, \.$aisle)) { query, aisle in
                DisplayRepresentation(title: "Find \(query) in \(aisle)")
            }
            IntentPrediction(parameters: \.$query) { query in
                DisplayRepresentation(title: "Find \(query)")
            }
        }

        func perform() async throws -> some IntentResult & ReturnsValue<String> {
            let url = URL(fileURLWithPath: "/tmp/list.pdf")
            _ = url.startAccessingSecurityScopedResource()
            defer { url.stopAccessingSecurityScopedResource() }
            return .result(value: UTType(filenameExtension: url.pathExtension)?.preferredMIMEType ?? "?")
        }
    }

    struct AisleWidgetConfiguration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Aisle Widget"
        @Parameter(title: "Aisle") var aisle: Aisle?
    }

    struct AisleItemQuery: EntityQuery {
        @IntentParameterDependency<AisleWidgetConfiguration>(\.$aisle) var configuration

        func entities(for identifiers: [GroceryItem.ID]) async throws -> [GroceryItem] {
            guard let aisle = configuration?.aisle else { return [] }
            return [GroceryItem.milk].filter { $0.aisle == aisle }
        }
    }

    struct ShoppingShortcuts: AppShortcutsProvider {
        static var shortcutTileColor: ShortcutTileColor = .lime

        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: AddItemIntent(), phrases: ["Add to my \(.applicationName) list"], shortTitle: "Add Item", systemImageName: "cart")
        }
    }

    struct ShoppingPackage: AppIntentsPackage {
        static var includedPackages: [any AppIntentsPackage.Type] { [CorePackage.self] }
    }

    struct CorePackage: AppIntentsPackage {}

    /// As Xcode's template writes it, without `@main` (the test runner has its own `main`).
    struct ShoppingExtension: AppIntentsExtension {}

    static func registerDependencies() {
        AppDependencyManager.shared.add(dependency: GroceryStore())
        AppDependencyManager.shared.add(key: "backup") { GroceryStore() }
    }
}
