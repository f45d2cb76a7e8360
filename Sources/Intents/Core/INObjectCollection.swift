import Foundation
import ExtensionProtocol

/// The options a handler offers for a parameter, in sections or as one flat list; what
/// `provide<Parameter>OptionsCollection` returns.
open class INObjectCollection<ObjectType: IntentValueConvertible>: NSObject {
    public let sections: [INObjectSection<ObjectType>]
    /// Whether a long list is shown with an alphabetical index.
    open var usesIndexedCollation = false

    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
        super.init()
    }

    public init(items: [ObjectType]) {
        self.sections = [INObjectSection(title: nil, items: items)]
        super.init()
    }

    /// Every item of every section, in order.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
}

/// A titled group of options in an `INObjectCollection`.
open class INObjectSection<ObjectType: IntentValueConvertible>: NSObject {
    public let title: String?
    public let items: [ObjectType]

    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
        super.init()
    }
}
