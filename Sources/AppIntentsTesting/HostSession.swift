import AppIntentsTypeSupport
import Foundation
import IntentsClient
import Synchronization

/// A host a test runs against: a client of its server, the apps' catalog as the host knows
/// it, and the answers scripted for the current scope.
package final class HostSession: Sendable {
    package let core: HostCore
    package let options: HostUnderTest.Options

    init(core: HostCore, options: HostUnderTest.Options) {
        self.core = core
        self.options = options
    }

    /// Starts a host (its server, on a fresh state folder) and sets it up as `options` say.
    static func start(_ options: HostUnderTest.Options) async throws -> HostSession {
        let apps = try ScratchBundles.appsFolders(options)
        let core = try HostCore(appsFolders: apps)
        let session = HostSession(core: core, options: options)
        do {
            let status = try await core.client.setLockState(.unlocked)
            guard status.testControl else {
                throw HostUnderTestError(.hostFailed, "The intents server of \(core.stateFolder) was not started for tests (--test-control).")
            }
            // The host learns the apps' App Intents (in their sandboxes) only while unlocked, as
            // a device does when the apps are installed: before it takes the test's lock state.
            _ = try await core.client.apps(appsFolders: core.appsFolders)
            if options.lockState != .unlocked { _ = try await core.client.setLockState(options.lockState) }
            for (app, decision) in options.siriAuthorization.sorted(by: { $0.key < $1.key }) {
                _ = try await core.client.authorize(app: app, decision)
            }
        } catch let error as IntentsClientError {
            core.end()
            throw HostUnderTestError(error)
        } catch {
            core.end()
            throw error
        }
        return session
    }

    /// This host with other scripted answers.
    package func answering(_ answers: [ScriptedAnswer]) -> HostSession {
        var options = self.options
        options.answers = answers
        return HostSession(core: core, options: options)
    }

    func end() { core.end() }

    func setLockState(_ state: LockStateValue) async throws {
        do { _ = try await core.client.setLockState(state) } catch let error as IntentsClientError { throw HostUnderTestError(error) }
    }

    func authorize(app: String, _ status: SiriAuthorizationValue) async throws {
        do { _ = try await core.client.authorize(app: app, status) } catch let error as IntentsClientError { throw HostUnderTestError(error) }
    }

    // MARK: Runs and queries

    /// Runs an App Intent of `app` with `arguments` (by parameter name) through the host's API,
    /// as `intents send` runs it: in the extension's sandbox, through the policy gate.
    package func run(_ intentName: String, of app: String, arguments: [(String, (any IntentValueExpressing)?)]) async throws -> ResolvedIntentResult {
        let catalog = try await core.catalog(of: app)
        let schema = try catalog.intent(intentName)
        var values: [String: IntentValue] = [:]
        for (name, argument) in arguments {
            guard let parameter = schema.parameter(named: name) else {
                let known = schema.parameters.map(\.name)
                throw HostUnderTestError(.notFound, "\(schema.name) of \(app) has no parameter \"\(name)\"; its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", ")).")
            }
            if let value = try await wireValue(argument, for: parameter, of: schema.name, in: catalog) { values[name] = value }
        }
        let request = RunRequest(intent: schema.name, app: app, values: values, interactive: true, appsFolders: core.appsFolders,
                                 stepTimeout: options.stepTimeout, source: options.source == .direct ? nil : options.source)
        let script = AnswerScript(options.answers)
        let result: ConversationResult
        do {
            result = try await core.client.run(request, answering: { script.answer($0) })
        } catch let error as IntentsClientError where error.code == .inputRequired {
            guard let (question, reason) = script.unanswered else { throw HostUnderTestError(error) }
            throw HostUnderTestError(.unansweredQuestion, "The run of \(schema.name) asked \(question); \(reason). Apple's AppIntentsTesting cannot answer questions; on Linux, script the answers with run(answers:), HostUnderTest.withAnswers(_:_:) or the answers: of HostUnderTest.Options.",
                                     question: question)
        } catch let error as IntentsClientError {
            throw HostUnderTestError(error)
        }
        switch result.status {
        case .success:
            return ResolvedIntentResult(container: IntentValueContainer(value: result.appIntentResult?.value, type: schema.returnType,
                                                                        types: catalog.types, path: "result.value"),
                                        bundleIdentifier: app)
        case .failure:
            let failure = result.appIntentResult?.failure ?? "it failed (\(result.response.codeName))"
            throw HostUnderTestError(.performFailed, "\(schema.name) of \(app) threw: \(failure)", failureCase: result.appIntentResult?.failureCase)
        case .declined:
            throw HostUnderTestError(.declined, "\(schema.name) of \(app) did not go ahead: the confirmation was answered no.")
        }
    }

    /// The entities an entity type's query finds, in the extension's sandbox.
    func entities(_ entityName: String, of app: String, _ request: EntityQueryRequest) async throws -> [AnyAppEntity] {
        let catalog = try await core.catalog(of: app)
        let schema = try catalog.entity(entityName)
        let found: [IntentValue]
        do {
            found = try await core.client.entities(schema.typeName, app: app, request)
        } catch let error as IntentsClientError {
            throw HostUnderTestError(error)
        }
        let type = AppValueTypeSchema(kind: .entity, typeName: schema.typeName)
        return try found.enumerated().map { index, value in
            try AnyAppEntity._converted(from: IntentValueContainer(value: value, type: type, types: catalog.types, path: "\(schema.shortName)[\(index)]"))
        }
    }

    /// What a parameter's argument crosses as: checked against the parameter's kind, an enum's
    /// raw value made its case, an entity's text matched by its string query (the first match).
    private func wireValue(_ argument: (any IntentValueExpressing)?, for parameter: AppParameterSchema, of intent: String,
                           in catalog: AppCatalog) async throws -> IntentValue? {
        guard let argument else { return nil }
        guard let convertible = argument as? any IntentValueConvertible else {
            throw HostUnderTestError(.badValue, "The value for \(parameter.name) of \(intent) is a \(type(of: argument)), which does not convert to an intent value.")
        }
        let container = convertible.makeContainer(context: IntentValueContainer.ConversionContext())
        guard let value = container.value else { return nil }
        if parameter.isList {
            var items: [IntentValue] = []
            for item in value.elements { items.append(try await wireItem(item, type: container.type, for: parameter, of: intent, in: catalog)) }
            return .list(items)
        }
        if case .list = value {
            throw HostUnderTestError(.badValue, "\(parameter.name) of \(intent) takes one value, not a list.")
        }
        return try await wireItem(value, type: container.type, for: parameter, of: intent, in: catalog)
    }

    private func wireItem(_ value: IntentValue, type: AppValueTypeSchema?, for parameter: AppParameterSchema, of intent: String,
                          in catalog: AppCatalog) async throws -> IntentValue {
        func mismatch(_ wanted: String) -> HostUnderTestError {
            HostUnderTestError(.badValue, "\(parameter.name) of \(intent) takes \(wanted), not \(IntentValueContainer.describe(value, type: type)).")
        }
        switch (parameter.kind, value) {
        case (.string, .string), (.integer, .integer), (.double, .double), (.boolean, .boolean), (.date, .dateComponents), (.url, .url):
            return value
        case (.double, .integer(let number)):
            return .double(Double(number))
        case (.integer, .double(let number)) where number.rounded() == number && abs(number) < 9e15:
            return .integer(Int(number))
        case (.url, .string(let text)) where URL(string: text)?.scheme != nil:
            return .url(text)
        case (.enumeration, .string), (.enumeration, .enumeration):
            let raw = if case .enumeration(let item) = value { item.name } else if case .string(let text) = value { text } else { "" }
            let enumeration = try catalog.enumeration(typeName: parameter.typeName ?? "", for: parameter.name)
            guard let index = enumeration.cases.firstIndex(where: { $0.identifier == raw }) else {
                throw HostUnderTestError(.badValue, "\(enumeration.shortName) has no case with the raw value \"\(raw)\" (for \(parameter.name) of \(intent)); its cases: \(enumeration.cases.map(\.identifier).joined(separator: ", ")).")
            }
            let item = enumeration.cases[index]
            return .enumeration(EnumerationValue(rawValue: index, name: item.identifier, display: item.title))
        case (.entity, .object(let object)):
            guard let identifier = object.identifier, !identifier.isEmpty else { throw mismatch("an entity with an identifier") }
            if let given = type?.typeName, let wanted = parameter.typeName, given != wanted {
                throw HostUnderTestError(.badValue, "\(parameter.name) of \(intent) takes a \(AppCatalog.shortName(wanted)), not a \(AppCatalog.shortName(given)).")
            }
            return .object(ObjectValue(identifier: identifier, display: object.display))
        case (.entity, .string(let text)):
            let entityName = parameter.typeName ?? ""
            let found = try await entities(entityName, of: catalog.bundleIdentifier, .matching(text))
            guard let first = found.first else {
                throw HostUnderTestError(.badValue, "No \(AppCatalog.shortName(entityName)) matches \"\(text)\" (for \(parameter.name) of \(intent)): its EntityStringQuery found none.")
            }
            return .object(ObjectValue(identifier: first.identifier.instanceIdentifier, display: first.displayTitle))
        default:
            throw mismatch(Self.article(parameter))
        }
    }

    private static func article(_ parameter: AppParameterSchema) -> String {
        switch parameter.kind {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a number"
        case .boolean: "a Bool"
        case .date: "a date"
        case .url: "a URL"
        case .entity: "a \(AppCatalog.shortName(parameter.typeName ?? "entity")) (an AnyAppEntity, or text its string query matches)"
        case .enumeration: "a case of \(AppCatalog.shortName(parameter.typeName ?? "its enum")) (an AnyAppEnum, or its raw value)"
        }
    }
}

/// What a host session holds for its life: the client of its server, its folders, and the
/// catalog of each app asked for.
package final class HostCore: Sendable {
    package let client: IntentsClient
    package let stateFolder: String
    package let appsFolders: [String]
    private let catalogs = Mutex<[String: AppCatalog]>([:])
    /// The longest a test waits for the host to learn an app's App Intents.
    static let learningTimeout: Duration = .seconds(60)

    init(appsFolders: [String]) throws {
        self.appsFolders = appsFolders
        // A fresh folder per host, removed when its scope ends (the shared host's, at exit).
        self.stateFolder = try ScratchBundles.scratchFolder("state", in: ScratchBundles.stateParent, removedAtExit: true)
        var configuration = IntentsClient.Configuration(stateFolder: self.stateFolder)
        configuration.appsFolders = appsFolders
        configuration.serverArguments = ["--test-control"]
        configuration.serverIdleExitSeconds = 2
        client = IntentsClient(configuration)
    }

    /// Lets the server end (it exits once idle) and removes a scratch state folder.
    func end() {
        client.closeIdleConnections()
        try? FileManager.default.removeItem(atPath: stateFolder)
    }

    /// The app's App Intents, entities and enums, once the host knows them all.
    package func catalog(of app: String) async throws -> AppCatalog {
        if let known = catalogs.withLock({ $0[app] }) { return known }
        let snapshot: CatalogSnapshot
        do {
            snapshot = try await learnedCatalog(of: app)
        } catch let error as IntentsClientError {
            throw HostUnderTestError(error)
        }
        guard let found = snapshot.apps.first(where: { $0.bundleIdentifier == app }) else {
            let installed = snapshot.apps.map(\.bundleIdentifier)
            throw HostUnderTestError(.notFound, "No app with the bundle identifier \(app) is installed in \(appsFolders.joined(separator: ":")); installed: \(installed.isEmpty ? "none" : installed.joined(separator: ", ")).")
        }
        let catalog = AppCatalog(found)
        catalogs.withLock { $0[app] = catalog }
        return catalog
    }

    /// The catalog once every extension of `app` has its App Intents known: now, or after the
    /// host learned them (it does when it starts), at most `learningTimeout` later.
    private func learnedCatalog(of app: String) async throws -> CatalogSnapshot {
        func learned(_ snapshot: CatalogSnapshot) -> Bool {
            snapshot.apps.first { $0.bundleIdentifier == app }?.extensions.allSatisfy(\.appIntentsKnown) ?? true
        }
        let now = try await client.catalog()
        if learned(now) { return now }
        let changes = client.catalogChanges()
        return try await withThrowingTaskGroup(of: CatalogSnapshot?.self) { group in
            group.addTask {
                for try await snapshot in changes where learned(snapshot) { return snapshot }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: Self.learningTimeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let snapshot = first else {
                throw HostUnderTestError(.hostFailed, "The host did not learn the App Intents of \(app) within \(Self.learningTimeout) (its extension may crash when described); see \(stateFolder)/server.log or run intents apps.")
            }
            return snapshot
        }
    }
}
