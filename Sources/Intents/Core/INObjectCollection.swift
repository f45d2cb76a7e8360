import Foundation
import ExtensionProtocol

/// The options a handler offers for a parameter, in sections or as one flat list; what
/// `provide<Parameter>OptionsCollection` returns.
open class INObjectCollection<ObjectType: IntentValueCodable>: NSObject {
    /// The sections in display order; `init(items:)` makes one untitled section.
    public let sections: [INObjectSection<ObjectType>]
    /// Whether a long list is shown with an alphabetical index.
    open var usesIndexedCollation = false

    /// A collection shown in titled groups. The host offers the options of every section as one
    /// list, in order, and by default shows the first 20.
    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
        super.init()
    }

    /// A collection shown as one flat list, in the order given.
    public init(items: [ObjectType]) {
        self.sections = [INObjectSection(title: nil, items: items)]
        super.init()
    }

    /// Every item of every section, in order.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
}

/// A titled group of options in an `INObjectCollection`.
open class INObjectSection<ObjectType: IntentValueCodable>: NSObject {
    /// The section's heading; nil for an untitled section.
    public let title: String?
    /// The section's options, in display order.
    public let items: [ObjectType]

    /// A group of options under `title`.
    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
        super.init()
    }
}
