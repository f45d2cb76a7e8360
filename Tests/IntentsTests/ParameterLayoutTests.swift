import ExtensionProtocol
import Foundation
@testable import Intents
import Testing

/// A parameter whose storage is declared by hand as an optional: `Mirror` finds the wrapper in
/// it, a layout of declared wrapper types does not, so the class is read with `Mirror`.
final class HandStoredIntent: INIntent {
    var _extra: IntentParameter<String>? = IntentParameter()
    @IntentParameter var name: String?
}

/// Storage a wrapper may be put in later, declared three ways: its class's first object, made
/// empty, cannot show that the class is to be read with `Mirror`; the declared types do.
final class LaterOptionalIntent: INIntent {
    var _extra: IntentParameter<String>?
    @IntentParameter var name: String?
}

final class LaterWeakIntent: INIntent {
    weak var _extra: IntentParameter<String>?
    @IntentParameter var name: String?
}

final class LaterAnyIntent: INIntent {
    var _extra: Any = 0
    @IntentParameter var name: String?
}

/// A `_`-named property that can never hold a wrapper leaves its class read by its layout.
final class PrivatelyCachingIntent: INIntent {
    var _cache: String? = "cached"
    var _count = 0
    @IntentParameter var name: String?
}

/// Two code types that number their cases alike but name them differently.
enum FirstNamedCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success
}

enum SecondNamedCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, successWithReceipt
}

@Suite struct ParameterLayoutTests {
    /// Intents, subclasses, responses and custom objects, with their parameters read by their
    /// class's layout: the very wrappers `Mirror` finds, by the same names, in the same order.
    @Test(arguments: [
        { INSendMessageIntent() } as @Sendable () -> AnyObject,
        { IntentSchemaTests.DerivedProbeIntent() },
        { ProbeResponse(code: .successWithReceipt, userActivity: nil) },
        { ProbeDrink(identifier: "latte", display: "Latte") },
        { ProbeOrderIntent() },
        { INSendMessageIntentResponse(code: .success, userActivity: nil) },
    ])
    func aLayoutFindsWhatMirrorFinds(make: @Sendable () -> AnyObject) {
        let object = make()
        let found = reflectedParameters(of: object)
        let mirrored = mirroredParameters(of: object)
        #expect(ParameterLayouts.shared.readsByLayout(type(of: object)) == true)
        #expect(found.map(\.name) == mirrored.map(\.name))
        #expect(found.count == mirrored.count && zip(found, mirrored).allSatisfy { $0.parameter === $1.parameter })
    }

    @Test func aSubclassLaysItsParametersOutAfterItsBase() throws {
        let intent = IntentSchemaTests.DerivedProbeIntent()
        intent.note = "n"
        intent.count = 2
        #expect(reflectedParameters(of: intent).map(\.name) == ["item", "count", "friends", "note"])
        #expect(intent.payload.parameters == ["note": .string("n"), "count": .integer(2)])
        let copy = try IntentSchemaTests.DerivedProbeIntent.make(from: intent.payload)
        #expect(copy.note == "n" && copy.count == 2)
    }

    @Test func aClassTheLayoutMissesIsReadWithMirror() throws {
        let intent = HandStoredIntent()
        intent.name = "Ada"
        intent._extra?.wrappedValue = "more"
        #expect(reflectedParameters(of: intent).map(\.name) == ["extra", "name"])
        #expect(ParameterLayouts.shared.readsByLayout(HandStoredIntent.self) == false)
        #expect(intent.payload.parameters == ["extra": .string("more"), "name": .string("Ada")])
        let copy = try HandStoredIntent.make(from: intent.payload)
        #expect(copy._extra?.wrappedValue == "more" && copy.name == "Ada")
    }

    /// The first object of each class is made empty, as `schema` and `make(from:)` make one; a
    /// later object holding a wrapper in the hand-declared storage still shows it.
    @Test func storageThatMayHoldAWrapperLaterIsReadWithMirror() throws {
        #expect(LaterOptionalIntent.schema.parameters.map(\.name) == ["name"])
        #expect(LaterWeakIntent.schema.parameters.map(\.name) == ["name"])
        #expect(LaterAnyIntent.schema.parameters.map(\.name) == ["name"])
        let optional = LaterOptionalIntent()
        let kept = IntentParameter<String>(wrappedValue: "more")
        optional._extra = kept
        let weak = LaterWeakIntent()
        weak._extra = kept
        let any = LaterAnyIntent()
        any._extra = kept
        for intent in [optional, weak, any] as [INIntent] {
            #expect(ParameterLayouts.shared.readsByLayout(type(of: intent)) == false)
            #expect(intent.payload.parameters == ["extra": .string("more")], "\(type(of: intent))")
        }
        withExtendedLifetime(kept) {}
    }

    @Test func storageThatCannotHoldAWrapperKeepsTheLayout() {
        let intent = PrivatelyCachingIntent()
        intent.name = "Ada"
        #expect(intent.payload.parameters == ["name": .string("Ada")])
        #expect(ParameterLayouts.shared.readsByLayout(PrivatelyCachingIntent.self) == true)
    }

    /// Each object's own values: the layout is per class, the wrappers per object.
    @Test func twoObjectsOfAClassKeepTheirOwnValues() {
        let first = ProbeResponse(code: .success, userActivity: nil)
        let second = ProbeResponse(code: .success, userActivity: nil)
        first.receipt = "one"
        second.receipt = "two"
        #expect(first.payload(defaultActivityType: "x").output == [NamedValue(name: "receipt", value: .string("one"))])
        #expect(second.payload(defaultActivityType: "x").output == [NamedValue(name: "receipt", value: .string("two"))])
    }

    /// Names are kept by code type and raw value: two types' cases of raw value 4 keep their names.
    @Test func responseCodeNamesAreKeptPerType() {
        #expect(ResponseCodeNames.shared.name(of: FirstNamedCode.success) == "success")
        #expect(ResponseCodeNames.shared.name(of: SecondNamedCode.successWithReceipt) == "successWithReceipt")
        #expect(ResponseCodeNames.shared.name(of: FirstNamedCode.success) == "success")
        let response = INIntentResponse(responseCode: SecondNamedCode.successWithReceipt, userActivity: nil)
        #expect(response.payload(defaultActivityType: "x").codeName == "successWithReceipt")
        #expect(response.payload(defaultActivityType: "x").category == .success)
    }
}
