import AppIntents
// Linux: UniformTypeIdentifiers does not exist here; AppIntents has UTType.

struct ImportListIntent: AppIntent {
    static var title: LocalizedStringResource = "Import List"
    static var description = IntentDescription("Adds every line of a text file to your list.")

    @Parameter(title: "File", supportedContentTypes: [.plainText], inputConnectionBehavior: .connectToPreviousIntentResult)
    var file: IntentFile

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let lines = String(decoding: file.data, as: UTF8.self).split(separator: "\n")
        for line in lines { _ = GroceryList.shared.add(String(line), quantity: 1, aisle: .pantry) }
        return .result(dialog: "Imported \(lines.count) items.")
    }
}
