// As on Apple's systems, `import AppIntents` brings Foundation (UUID, Date, URL...).
@_exported import Foundation
// `IntentValueConvertible`, `EntityIdentifierConvertible` and the entity identifiers, as Apple's
// AppIntents exports them from AppIntentsTypeSupport.
@_exported import AppIntentsTypeSupport
