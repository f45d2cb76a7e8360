import Foundation
@testable import Intents
import SharedGreetings
import Testing

/// Declared here and in SharedGreetings: which one a lookup finds depends on the principal.
class SharedThanksIntent: INIntent {}

/// Not found by name: generic, nested, or not an intent.
class GenericLookupIntent<Value>: INIntent {}
enum LookupOuter {
    class NestedLookupIntent: INIntent {}
}
class NotAnIntentLookupClass: NSObject {}

/// Intent classes found by name in every image loaded in this process: the test binary, the
/// modules linked into it (SharedGreetings, Intents) and the shared libraries (Foundation).
@Suite struct IntentClassLookupTests {
    /// A principal class in the SDK's module: its module declares none of the tests' intents.
    let lookup = IntentClassLookup(principalClass: INExtension.self, principalClassName: "Intents.INExtension")

    @Test func aClassInAnotherLinkedModuleIsFoundWithoutBeingListed() {
        #expect(INExtension.customIntentClasses.isEmpty)
        #expect(_typeByName("Intents.SharedGreetIntent") == nil)
        #expect(lookup.intentClass(named: "SharedGreetIntent") == SharedGreetIntent.self)
        #expect(lookup.intentClass(named: "ProbeIntent") == ProbeIntent.self)
    }

    @Test func classesAreNamedByModuleInEveryLoadedImage() {
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "SharedGreetIntent") == ["SharedGreetings.SharedGreetIntent"])
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "INPerson") == ["Intents.INPerson"])
        // Shared libraries too: Foundation's classes, wherever this toolchain declares them.
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "NSObject").contains(String(reflecting: NSObject.self)))
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "JSONEncoder").contains(String(reflecting: JSONEncoder.self)))
    }

    @Test func genericNestedAndUnknownClassesAreSkipped() {
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "GenericLookupIntent").isEmpty)
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "NestedLookupIntent").isEmpty)
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "NoSuchIntentAnywhere").isEmpty)
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "Not.An identifier").isEmpty)
        #expect(lookup.intentClass(named: "NestedLookupIntent") == nil)
        #expect(lookup.intentClass(named: "NoSuchIntentAnywhere") == nil)
    }

    @Test func aClassThatIsNotAnIntentIsNotAnIntentClass() {
        #expect(LoadedClassNames.qualifiedNames(ofClassesNamed: "NotAnIntentLookupClass") == ["IntentsTests.NotAnIntentLookupClass"])
        #expect(lookup.intentClass(named: "NotAnIntentLookupClass") == nil)
    }

    @Test func aNameInTwoModulesPrefersThePrincipalsModule() {
        let names = Set(LoadedClassNames.qualifiedNames(ofClassesNamed: "SharedThanksIntent"))
        #expect(names == ["IntentsTests.SharedThanksIntent", "SharedGreetings.SharedThanksIntent"])
        let loaded = IntentClassLookup.loaded
        #expect(loaded.intentClass(named: "SharedThanksIntent", preferring: "SharedGreetings") == SharedGreetings.SharedThanksIntent.self)
        #expect(loaded.intentClass(named: "SharedThanksIntent", preferring: "IntentsTests") == IntentsTests.SharedThanksIntent.self)
    }

    @Test func listedClassesStillComeFirst() {
        final class Listing: INExtension {
            override class var customIntentClasses: [INIntent.Type] { [IntentsTests.SharedThanksIntent.self] }
        }
        let listing = IntentClassLookup(principalClass: Listing.self, principalClassName: "SharedGreetings.Listing")
        #expect(listing.intentClass(named: "SharedThanksIntent") == IntentsTests.SharedThanksIntent.self)
    }
}
