// As on Apple's systems, `import AppIntents` brings Foundation (UUID, Date, URL...).
@_exported import Foundation
