// As on Apple's systems, `import Intents` brings Foundation (NSObject, NSNumber, Data...).
@_exported import Foundation
