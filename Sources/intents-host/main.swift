import ExtensionProtocol
import Foundation
import IntentsCLI

// The host finds the runner (`intents-extension`), the bridge and the development bundles beside
// itself: from a folder whose path is not UTF-8, a decoded path would name another folder.
if ThisExecutable.isInFolderNotUTF8 {
    FileHandle.standardError.write(Data(ThisExecutable.folderNotUTF8Error(program: "intents-host").utf8))
    exit(1)
}
await IntentsCommand.runMain()
