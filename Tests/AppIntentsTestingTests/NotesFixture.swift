import Foundation

/// The notes app's plists (Tests/Fixtures/NotesInfo), laid out with the build's NotesIntents
/// library by the test host.
let notesInfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/NotesInfo").path
