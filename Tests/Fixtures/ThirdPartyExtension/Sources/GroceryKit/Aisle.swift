import AppIntents

enum Aisle: String, AppEnum {
    case produce
    case dairy
    case bakery
    case pantry

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Aisle"
    static var caseDisplayRepresentations: [Aisle: DisplayRepresentation] = [
        .produce: "Produce",
        .dairy: "Dairy",
        .bakery: "Bakery",
        .pantry: DisplayRepresentation(title: "Pantry", subtitle: "Dry goods"),
    ]
}
