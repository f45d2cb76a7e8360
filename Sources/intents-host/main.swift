import IntentsCLI

await IntentsCommand.runMain()
