import ExtensionProtocol

/// Reads a module's App Intents declarations from its Swift sources, as Apple's build does
/// (`appintentsmetadataprocessor`): the literal declarations of its intents, entities, enums
/// and App Shortcuts, never running any of its code.
///
/// A declaration it cannot read whole (a computed title, shortcuts built in a loop, a
/// parameter's default that is not a literal) gives a warning, and its module-qualified name
/// goes into `CompiledAppIntents.unresolved` instead of the metadata: the host learns it from
/// the extension at run time.
public enum AppIntentsMetadataExtractor {
    /// Extracts the metadata of `module` from `sources`, read in the order given.
    public static func extract(module: String, sources: [SourceText]) -> AppIntentsExtraction {
        let index = ModuleIndex(module: module, files: sources.map(ParsedFile.init))
        let reader = DeclarationReader(index: index)
        var compiled = CompiledAppIntents(module: module)
        var warnings: [ExtractionWarning] = []
        func unresolved(_ type: DeclaredType, _ error: any Error) {
            let warning = (error as? Unreadable)?.warning
                ?? type.file.warning(at: type.declaration, "\(index.qualifiedName(type)) could not be read: \(error)")
            warnings.append(warning)
            let name = index.qualifiedName(type)
            if !compiled.unresolved.contains(name) { compiled.unresolved.append(name) }
        }
        let types = index.types.filter { $0.kind != .protocolType }
        for type in types where index.conforms(type, to: AppIntentsProtocols.intents) {
            do {
                compiled.metadata.intents.append(try IntentReader(reader: reader).read(type))
            } catch {
                unresolved(type, error)
            }
        }
        for type in types where index.conforms(type, to: AppIntentsProtocols.entities) {
            do {
                compiled.metadata.entities.append(try EntityReader(reader: reader).read(type))
            } catch {
                unresolved(type, error)
            }
        }
        for type in types where index.conforms(type, to: AppIntentsProtocols.enums) {
            do {
                compiled.metadata.enums.append(try EnumReader(reader: reader).read(type))
            } catch {
                unresolved(type, error)
            }
        }
        let intents = Dictionary(compiled.metadata.intents.map { ($0.typeName, $0) }) { first, _ in first }
        for type in types where index.conforms(type, to: AppIntentsProtocols.shortcutsProviders) {
            guard compiled.shortcutsProvider == nil else {
                unresolved(type, Unreadable(warning: type.file.warning(at: type.declaration,
                    "\(index.qualifiedName(type)) is a second AppShortcutsProvider in the module, after \(compiled.shortcutsProvider!); an app has one, so the host reads the first")))
                continue
            }
            compiled.shortcutsProvider = index.qualifiedName(type)
            do {
                compiled.metadata.shortcuts = try ShortcutsReader(reader: reader, intents: intents).read(type)
            } catch {
                unresolved(type, error)
            }
        }
        return AppIntentsExtraction(compiled: compiled, warnings: warnings)
    }
}
