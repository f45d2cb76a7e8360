import AppIntentsTypeSupport
import ExtensionProtocol

/// An expectation of an entity: its type, and maybe its identifier and properties.
public protocol AppEntityExpectationProviding: IntentValueExpectation {}

/// An entity expectation that needs no query: its type (a bare definition) or its identifier.
public protocol ResolvableAppEntityExpectation: AppEntityExpectationProviding, ResolvableIntentValueExpectation {}

/// An entity of a type, with properties checked one by one; a property it cannot evaluate
/// (not in the entity) counts as not satisfied, unless the check is `isNil`.
public struct AppEntityExpectation: AppEntityExpectationProviding, ContainerExpectation {
    let entity: AppEntityDefinition
    let identifier: String?
    let properties: [(String, any IntentValueExpectation)]

    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool {
        guard EntityMatching.matches(container, entity, identifier: identifier) else { return false }
        for (name, expectation) in properties {
            guard try await ExpectationChecking.check(expectation, container.property(name)) else { return false }
        }
        return true
    }
}

/// An entity of a type with a given identifier, checked without a query; `expect` adds property checks.
public struct AppEntityIdentifierExpectation: ResolvableAppEntityExpectation, ContainerExpectation {
    let entity: AppEntityDefinition
    let identifier: String

    /// Adds checks of the entity's properties (they need the entity as a query or a result gave it).
    public var expect: IntentValueExpectationCallable<any IntentValueExpectation, AppEntityExpectation> {
        let (entity, identifier) = (self.entity, self.identifier)
        return IntentValueExpectationCallable { AppEntityExpectation(entity: entity, identifier: identifier, properties: $0) }
    }

    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool {
        EntityMatching.matches(container, entity, identifier: identifier)
    }
}

/// A bare entity definition expects any entity of its type.
extension AppEntityDefinition: ResolvableAppEntityExpectation, ContainerExpectation {
    /// Checks of the entity's properties, by label: `expect(title: .contains("NASA"), endDate: .isNil)`.
    public var expect: IntentValueExpectationCallable<any IntentValueExpectation, AppEntityExpectation> {
        let entity = self
        return IntentValueExpectationCallable { AppEntityExpectation(entity: entity, identifier: nil, properties: $0) }
    }

    /// An entity of this type with this identifier.
    public func expectIdentifier(_ identifier: String) -> AppEntityIdentifierExpectation {
        AppEntityIdentifierExpectation(entity: self, identifier: identifier)
    }

    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool {
        EntityMatching.matches(container, self, identifier: nil)
    }
}

enum EntityMatching {
    /// Whether the container holds an entity of `entity`'s type (when its type is known: a
    /// reference made by the test is taken for one) with `identifier`, when given.
    static func matches(_ container: IntentValueContainer, _ entity: AppEntityDefinition, identifier: String?) -> Bool {
        guard case .object(let object) = container.value, let found = object.identifier else { return false }
        if let typeName = container.type?.typeName, container.type?.kind == .entity, AppCatalog.shortName(typeName) != entity.typeIdentifier {
            return false
        }
        return identifier.map { $0 == found } ?? true
    }
}
