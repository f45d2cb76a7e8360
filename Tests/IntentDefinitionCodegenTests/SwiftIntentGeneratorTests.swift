import Foundation
import TestPrograms
import Testing
@testable import IntentDefinitionCodegen

/// The folder of the built products, where the SDK's compiled modules are.
let productsFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path

/// Type-checks `source` against the built Intents module; the compiler's errors, or nil.
func typeCheckErrors(_ source: String, name: String = "Generated") async throws -> String? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("\(name).swift")
    try Data(source.utf8).write(to: file)
    let ending = try await SpawnedProgram.run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "5", "-I", productsFolder + "/Modules", file.path])
    return ending.status == 0 && ending.signal == nil ? nil : String(decoding: ending.stdout + ending.stderr, as: UTF8.self)
}

func generate(_ top: [String: Any], file: String = "Test.intentdefinition") throws -> String {
    try SwiftIntentGenerator(definition: try read(top, file: file), fileName: file).source()
}

@Suite struct SwiftIntentGeneratorTests {
    let pizza: String

    init() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/SharedKit/SampleIntents/Intents.intentdefinition"))
        var reader = IntentDefinitionReader(fileName: "Intents.intentdefinition")
        pizza = try SwiftIntentGenerator(definition: try reader.read(data), fileName: "Intents.intentdefinition").source()
    }

    @Test func generatesWhatXcodeGeneratesForThePizzaIntent() {
        for line in [
            "public class OrderPizzaIntent: INIntent {",
            "@IntentParameter(title: \"pizza\") public var kind: Pizza?",
            "@IntentParameter(title: \"quantity\", valueType: .integer) public var quantity: NSNumber?",
            "public protocol OrderPizzaIntentHandling: NSObjectProtocol {",
            "func resolveKind(for intent: OrderPizzaIntent, with completion: @escaping (OrderPizzaKindResolutionResult) -> Void)",
            "func provideKindOptionsCollection(for intent: OrderPizzaIntent) async throws -> INObjectCollection<Pizza>",
            ".providingOptions(\"kind\") { try await $0.provideKindOptionsCollection(for: $1) }",
            "case failureRequiringAppLaunch = 6",
            "case failurePizzeriaClosed = 100",
            "case failurePizzaUnavailable = 101",
            "public static func success(waitTime: NSNumber) -> OrderPizzaIntentResponse {",
            "public static func failurePizzaUnavailable(kind: Pizza) -> OrderPizzaIntentResponse {",
            "public enum OrderPizzaQuantityUnsupportedReason: Int, INUnsupportedReason {",
            "case greaterThanMaximumValue = 2",
            "public class OrderPizzaKindResolutionResult: PizzaResolutionResult {",
            "public class PizzaResolutionResult: INObjectResolutionResult {",
            "parameterCombinationTitles: [\"kind,quantity\": \"Order ${quantity} ${kind}\", ",
        ] {
            #expect(pizza.contains(line), "missing: \(line)")
        }
    }

    @Test func enumsAreNonOptionalAndListsKeepTheirElementType() async throws {
        let top: [String: Any] = [
            "INEnums": [["INEnumName": "Size", "INEnumValues": [["INEnumValueName": "unknown"],
                                                                ["INEnumValueName": "default", "INEnumValueIndex": 1, "INEnumValueDisplayName": "Regular"]]]],
            "INIntents": [intentEntry(parameters: [
                parameterEntry("size", "Integer", ["INIntentParameterEnumType": "Size", "INIntentParameterSupportsResolution": true]),
                parameterEntry("names", "String", ["INIntentParameterSupportsMultipleValues": true, "INIntentParameterSupportsResolution": true]),
            ])],
        ]
        let source = try generate(top)
        #expect(source.contains("@IntentEnumParameter public var size: Size"))
        #expect(source.contains("case `default` = 1"), "keywords are escaped")
        #expect(source.contains("case .`default`: return \"Regular\""))
        #expect(source.contains("@IntentParameter public var names: [String]?"))
        #expect(source.contains("func resolveNames(for intent: GreetIntent) async -> [INStringResolutionResult]"))
        #expect(source.contains(".resolving(\"names\") { await $0.resolveNames(for: $1) }"))
        #expect(try await typeCheckErrors(source) == nil)
    }

    @Test func textFromTheFileCannotEscapeItsLiteral() async throws {
        let hostile = "Say \"hi\" \\(exit(1)) \n\u{2028} */ done"
        let top: [String: Any] = ["INIntents": [intentEntry(
            parameters: [parameterEntry("name", "String", ["INIntentParameterDisplayName": hostile])],
            extra: ["INIntentTitle": hostile, "INIntentDescription": hostile])]]
        let source = try generate(top)
        #expect(source.contains(#"title: "Say \"hi\" \\(exit(1)) \n\u{2028} */ done""#))
        #expect(!source.contains("\u{2028}"), "no raw line separators, in comments either")
        #expect(try await typeCheckErrors(source) == nil)
    }

    @Test func problemsNameTheFileTheOwnerAndTheValue() throws {
        let unsupported = errorMessage { _ = try generate(["INIntents": [intentEntry(parameters: [parameterEntry("trip", "Distance")])]]) }
        #expect(unsupported?.hasPrefix("Test.intentdefinition: GreetIntent.trip has type Distance, which this SDK does not support yet") == true)

        let missingType = errorMessage {
            _ = try generate(["INIntents": [intentEntry(parameters: [parameterEntry("drink", "Object", ["INIntentParameterObjectType": "Drink"])])]])
        }
        #expect(missingType == "Test.intentdefinition: GreetIntent.drink uses the type Drink, which the file does not define.")

        let twice = errorMessage { _ = try generate(["INIntents": [intentEntry(), intentEntry()]]) }
        #expect(twice?.contains("the name GreetIntent is used by both") == true)

        let reserved = errorMessage { _ = try generate(["INIntents": [intentEntry(outputs: [["INIntentResponseParameterName": "code", "INIntentResponseParameterType": "String"]])]]) }
        #expect(reserved?.contains("GreetIntentResponse.code has the name of a member its base declaration already has") == true)
    }

    @Test func namesThatWouldNotCompileOrWouldShadowAreRefused() throws {
        func fails(_ top: [String: Any]) -> String { errorMessage { _ = try generate(top) } ?? "generated" }
        let stringType: [String: Any] = ["INTypes": [["INTypeName": "String"]]]
        #expect(fails(stringType).contains("the type String has the name of a Swift, Foundation or Intents type"))
        let sdkPrefix: [String: Any] = ["INEnums": [["INEnumName": "INSize", "INEnumValues": [["INEnumValueName": "unknown"]]]]]
        #expect(fails(sdkPrefix).contains("the enum INSize has the name of"))
        let collision: [String: Any] = [
            "INTypes": [["INTypeName": "OrderKind"]],
            "INIntents": [intentEntry("Order", parameters: [parameterEntry("kind", "String", ["INIntentParameterUnsupportedReasons": [
                ["INIntentParameterUnsupportedReasonCode": "soldOut"]]])])]]
        #expect(fails(collision).contains("the name OrderKindResolutionResult is used by both"))
        let twice: [String: Any] = ["INIntents": [intentEntry(parameters: [parameterEntry("kind", "String"), parameterEntry("Kind", "String")])]]
        #expect(fails(twice).contains("GreetIntent has two members named Kind"))
        let noIndex: [String: Any] = ["INEnums": [["INEnumName": "Size", "INEnumValues": [["INEnumValueName": "small"]]]]]
        #expect(fails(noIndex).contains("the enum Size's value small has index 0 (INEnumValueIndex is missing), which means no value"))
        let empty: [String: Any] = ["INEnums": [["INEnumName": "Size", "INEnumValues": [[String: Any]]()]]]
        #expect(fails(empty).contains("the enum Size has no INEnumValues"))
        let member: [String: Any] = ["INIntents": [intentEntry(codes: [["INIntentResponseCodeName": "customSuccessCodes"]])]]
        #expect(fails(member).contains("GreetIntentResponseCode.customSuccessCodes has the name of a member"))
    }

    @Test func thePizzaSampleTypeChecks() async throws {
        #expect(try await typeCheckErrors(pizza) == nil)
        // The check itself catches broken code: a parameter of a type the SDK lacks.
        #expect(try await typeCheckErrors(pizza.replacingOccurrences(of: "public var kind: Pizza?", with: "public var kind: Pizzaa?")) != nil)
    }
}

/// Real `.intentdefinition` files from public projects, kept outside the repository with their
/// licenses (`../shared/fixtures/intentdefinition/<project>/` beside the checkout, or the folder
/// `INTENT_DEFINITION_FIXTURES` names): each must generate and type-check. Outside CI they are
/// skipped when missing; under CI (`INTENTS_REQUIRE_REAL_DEFINITIONS=1`, which `.ci/run` sets)
/// their absence fails the run.
@Suite struct RealDefinitionFileTests {
    static let folder: String = {
        if let named = ProcessInfo.processInfo.environment["INTENT_DEFINITION_FIXTURES"], !named.isEmpty { return named }
        return URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/fixtures/intentdefinition").path
    }()

    static var required: Bool { ProcessInfo.processInfo.environment["INTENTS_REQUIRE_REAL_DEFINITIONS"] == "1" }

    static var files: [String] {
        let projects = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return projects.sorted().flatMap { project in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + project)) ?? [])
                .filter { $0.hasSuffix(".intentdefinition") }.map { "\(folder)/\(project)/\($0)" }
        }
    }

    @Test(.enabled(if: required, "the real definition files are required under CI only"))
    func theRealDefinitionFilesArePresentUnderCI() {
        #expect(Self.files.count >= 2, "No real .intentdefinition files in \(Self.folder): set INTENT_DEFINITION_FIXTURES to ../shared/fixtures/intentdefinition.")
    }

    @Test(.enabled(if: !files.isEmpty, "the real definition files are not beside this checkout"), arguments: files)
    func realFileGeneratesCodeThatTypeChecks(_ path: String) async throws {
        var reader = IntentDefinitionReader(fileName: URL(fileURLWithPath: path).lastPathComponent)
        let definition = try reader.read(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!definition.intents.isEmpty)
        let source = try SwiftIntentGenerator(definition: definition, fileName: "real").source()
        let errors = try await typeCheckErrors(source)
        #expect(errors == nil, "\(path):\n\(errors ?? "")")
    }
}

/// The generated code of the real definition files has Xcode's signatures: handlers written the
/// way each project's extension is written against Xcode's generated interface (the response
/// factory that names a property path, the array form of `provide…Options` in its completion
/// and `async` forms, custom unsupported reasons) compile against it unchanged.
@Suite struct RealDefinitionFileSignatureTests {
    /// A handler per project, in the style of that project's own extension.
    static let handlers: [String: String] = [
        "soupchef": """
        final class SoupOrderHandler: NSObject, OrderSoupIntentHandling {
            func provideToppingsOptions(for intent: OrderSoupIntent, with completion: @escaping ([INObject]?, Error?) -> Void) {
                completion([INObject(identifier: "croutons", display: "Croutons")], nil)
            }
            func provideStoreLocationOptions(for intent: OrderSoupIntent, with completion: @escaping ([CLPlacemark]?, Error?) -> Void) {
                completion([CLPlacemark(location: CLLocation(latitude: 37.33, longitude: -122.03), name: "Cupertino", postalAddress: nil)], nil)
            }
            func resolveQuantity(for intent: OrderSoupIntent, with completion: @escaping (OrderSoupQuantityResolutionResult) -> Void) {
                guard let quantity = intent.quantity else { return completion(.needsValue()) }
                if quantity.intValue > 8 { return completion(.unsupported(forReason: .notEnoughInStock)) }
                if quantity.intValue >= 5 { return completion(.confirmationRequired(with: quantity.intValue)) }
                completion(.success(with: quantity.intValue))
            }
            func resolveOrderType(for intent: OrderSoupIntent, with completion: @escaping (OrderTypeResolutionResult) -> Void) {
                completion(intent.orderType == .unknown ? .needsValue() : .success(with: intent.orderType))
            }
            func resolveDeliveryLocation(for intent: OrderSoupIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
                guard let location = intent.deliveryLocation else { return completion(.needsValue()) }
                completion(.success(with: location))
            }
            func confirm(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
                completion(intent.soup == .unknown ? .failureOutOfStock(soup: intent.soup) : OrderSoupIntentResponse(code: .ready, userActivity: nil))
            }
            func handle(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
                let details = OrderDetails(identifier: nil, display: "10 minutes")
                details.estimatedTime = Calendar.current.dateComponents([.hour, .minute], from: Date())
                details.total = INCurrencyAmount(amount: NSDecimalNumber(string: "9.5"), currencyCode: "USD")
                let response = OrderSoupIntentResponse.success(orderDetails: details, soup: intent.soup, waitTime: "10 minutes")
                response.userActivity = NSUserActivity(activityType: "OrderComplete")
                completion(Bool.random() ? response : .successReadySoon(orderDetails: details, soup: intent.soup))
            }
        }
        """,
        "netnewswire": """
        enum FeedHandlerError: LocalizedError { case unreachable }
        final class FeedHandler: NSObject, AddWebFeedIntentHandling {
            func resolveUrl(for intent: AddWebFeedIntent) async -> AddWebFeedUrlResolutionResult {
                guard let url = intent.url else { return .unsupported(forReason: .required) }
                return .success(with: url)
            }
            func provideAccountNameOptions(for intent: AddWebFeedIntent) async throws -> [String] {
                if intent.url == nil { throw FeedHandlerError.unreachable }
                return ["On My iPhone", "Feedbin"]
            }
            func resolveAccountName(for intent: AddWebFeedIntent, with completion: @escaping (AddWebFeedAccountNameResolutionResult) -> Void) {
                guard let name = intent.accountName else { return completion(.notRequired()) }
                completion(.success(with: name))
            }
            func provideFolderNameOptions(for intent: AddWebFeedIntent, with completion: @escaping ([String]?, Error?) -> Void) {
                completion(["Tech", "News"], nil)
            }
            func handle(intent: AddWebFeedIntent, completion: @escaping (AddWebFeedIntentResponse) -> Void) {
                completion(AddWebFeedIntentResponse(code: .success, userActivity: nil))
            }
        }
        """,
    ]

    static var projects: [String] {
        RealDefinitionFileTests.files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }.filter { handlers[$0] != nil }
    }

    @Test(.enabled(if: !projects.isEmpty, "the real definition files are not beside this checkout"), arguments: projects)
    func aHandlerWrittenAgainstXcodesInterfaceCompiles(_ project: String) async throws {
        let path = RealDefinitionFileTests.files.first { $0.contains("/\(project)/") }!
        var reader = IntentDefinitionReader(fileName: URL(fileURLWithPath: path).lastPathComponent)
        let definition = try reader.read(try Data(contentsOf: URL(fileURLWithPath: path)))
        let source = try SwiftIntentGenerator(definition: definition, fileName: "Intents.intentdefinition").source()
        let handler = try #require(Self.handlers[project])
        let errors = try await typeCheckErrors(source + "\nimport CoreLocation\n" + handler)
        #expect(errors == nil, "\(project):\n\(errors ?? "")")
    }
}
