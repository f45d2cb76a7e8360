// As on Apple's systems, `import Intents` brings Foundation (NSObject, NSNumber, Data...).
@_exported import Foundation
// Intents carries Core Location types (`CLPlacemark`), as on Apple's systems.
@_exported import CoreLocation
