// A shared framework's custom intent: its classes are generated from SharedGreetings.intentdefinition
// by the IntentDefinitionGenerator plugin, into a module of its own that the extension
// SharedFrameworkIntents links without listing it in `customIntentClasses`. (SwiftPM needs one
// Swift file in a target before the plugin adds the generated one.)
