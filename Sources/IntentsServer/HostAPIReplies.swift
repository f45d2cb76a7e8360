import ExtensionProtocol
import HostBundles
import HostPolicy
import HostTools
import IntentsHost
import LocalAPI
import SiriKitDomains

/// The host's own types as the host API carries them.
package enum HostAPIReplies {
    /// The server's catalog, with the App Intents metadata it knows (nothing is run to learn more).
    static func catalog(of host: ServedHost) -> CatalogSnapshot {
        let generation = host.catalogChanges.generation
        let catalog = host.dispatcher.catalog
        let apps = catalog.apps.map { app in
            CatalogApp(bundleIdentifier: app.bundleIdentifier, displayName: app.displayName, extensions: app.extensions.map { bundle in
                let metadata = bundle.appIntents.isEmpty ? nil : (try? host.dispatcher.cachedAppIntentsMetadata(of: bundle)) ?? nil
                let siriKit = bundle.intentsSupported.map { intent in
                    CatalogSiriKitIntent(name: intent,
                                         restrictedWhileLocked: bundle.restrictedWhileLocked.contains(intent) || LockPolicy.alwaysRestricted.contains(intent),
                                         isShared: catalog.routes[intent] == nil,
                                         parameters: SiriKitDomain.intentsByName[intent]?.parameters.map { parameter in
                                             CatalogParameter(name: parameter.property.name, type: parameter.property.type,
                                                              isList: parameter.property.isList, isRequired: parameter.property.isRequired)
                                         } ?? [])
                }
                return CatalogExtension(bundleIdentifier: bundle.bundleIdentifier, siriKitIntents: siriKit,
                                        appIntents: metadata?.intents ?? [], appIntentsKnown: bundle.appIntents.isEmpty || metadata != nil,
                                        entities: metadata?.entities ?? [], enums: metadata?.enums ?? [])
            })
        }
        return CatalogSnapshot(apps: apps, faults: catalog.faults.map(\.message), generation: generation)
    }

    /// The matrix as the host API carries it, with every rule's meaning and the lock state now.
    package static func policyTable(_ matrix: PolicyMatrix, lock: LockReading) -> PolicyTable {
        PolicyTable(columns: PolicyContext.all.map { PolicyTable.Column(lockState: $0.lockState.rawValue, authorized: $0.authorized, source: $0.source.rawValue) },
                    rows: matrix.rows.map { row in
                        PolicyTable.Row(app: row.app?.bundleIdentifier, appName: row.app?.displayName, extensionBundle: row.bundle?.bundleIdentifier, name: row.intent,
                                        kind: row.kind.rawValue, cells: PolicyContext.all.map { context in
                                            let cell = row.cell(context)
                                            return PolicyTable.Cell(verdict: cell?.verdict.rawValue ?? "not-applicable", rule: cell?.rule?.rawValue,
                                                                    reason: cell?.reason)
                                        })
                    },
                    problems: matrix.problems, rules: PolicyRule.allCases.map { PolicyTable.Rule(name: $0.rawValue, meaning: $0.meaning) },
                    currentLockState: lock.state.rawValue, lockStateProblem: lock.problem)
    }

    package static func conversation(_ result: SendResult) -> ConversationResult {
        let outcome = result.outcome
        let appResult = outcome.appIntentResult
        let status: ConversationResult.Status = outcome.declinedByUser || appResult?.declinedByUser == true ? .declined
            : result.isFailure || appResult?.failure != nil ? .failure : .success
        return ConversationResult(extensionBundle: result.extensionBundle, intent: outcome.intent, schema: outcome.schema, status: status,
                                  step: appResult != nil ? "perform" : outcome.step.rawValue, response: outcome.response,
                                  appIntentResult: appResult,
                                  transcript: outcome.prompts.map { AnsweredQuestion(question: Question($0), answer: $0.answer) })
    }

    /// The cases of the App Enum `enumeration`, from the metadata known without running code.
    /// - Throws: `HostError` (`.noExtension`) when no installed extension (of `app`) declares it.
    static func enumCases(_ enumeration: String, app: String?, on dispatcher: IntentDispatcher) throws -> [AppEnumCase] {
        let catalog = dispatcher.catalog
        let apps = try app.map { [try catalog.app(named: $0)] } ?? catalog.apps
        for owner in apps {
            for bundle in owner.extensions where !bundle.appIntents.isEmpty {
                if let found = (try? dispatcher.cachedAppIntentsMetadata(of: bundle))??.enumeration(typeName: enumeration) {
                    return found.cases
                }
            }
        }
        throw HostError(.noExtension, "No installed extension\(app.map { " of \($0)" } ?? "") declares the App Enum \(enumeration.quotedForDisplay) (in the App Intents the host knows).")
    }

    static func phraseMatch(_ match: PhraseIndex.Match) -> PhraseMatch {
        let parameters = match.parameters.map { TextParameter(name: $0.name, value: $0.value) }
        return switch match.template.target {
        case .voiceShortcut(let shortcut):
            PhraseMatch(app: shortcut.app, intent: shortcut.action.name, kind: "voiceShortcut", phrase: match.template.text,
                        strength: match.strength, parameters: parameters)
        case .intentPhrase(let app, let intent, _):
            PhraseMatch(app: app, intent: intent, kind: "intentPhrase", phrase: match.template.text, strength: match.strength, parameters: parameters)
        case .appShortcut(let app, _, let intent, _):
            PhraseMatch(app: app, intent: intent, kind: "appShortcut", phrase: match.template.text, strength: match.strength, parameters: parameters)
        }
    }

    static func status(of host: ServedHost) -> HostStatus {
        HostStatus(lockState: host.dispatcher.lockReading().state.rawValue,
                   pendingAuthorizations: host.authorizationRequests.pending.map(\.app), testControl: host.allowsTestControl)
    }
}
