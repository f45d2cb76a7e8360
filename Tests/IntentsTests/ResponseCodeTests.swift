import ExtensionProtocol
import Foundation
@testable import Intents
import Testing

/// Numbered as Apple numbers `INStartCallIntentResponseCode`.
enum StartCallLikeResponseCode: Int, INSystemIntentResponseCode {
    case unspecified = 0
    case ready = 1
    case continueInApp = 2
    case userConfirmationRequired = 3
    case failure = 4
    case failureRequiringAppLaunch = 5
    case failureCallingServiceNotAvailable = 6
    case failureContactNotSupportedByApp = 7
    case failureAirplaneModeEnabled = 8
    case failureUnableToHandOff = 9
    case failureAppConfigurationRequired = 10
    case failureCallInProgress = 11
    case failureCallRinging = 12
    case failureRequiringInAppAuthentication = 13
}

/// Other names Apple's code enums use (ride booking, media, restaurant booking).
enum OtherAppleNamedResponseCode: Int, INSystemIntentResponseCode {
    case handleInApp = 5
    case failureRequiringAppLaunchMustVerifyCredentials = 6
    case denied = 7
    case success = 20
}

/// A code enum that says otherwise about one of its codes.
enum OverridingResponseCode: Int, INCustomIntentResponseCode {
    case ready = 1
    case orderPlaced = 100

    var category: ResponseCategory { self == .orderPlaced ? .success : .ready }
}

/// Response code categories follow the case names, whatever the numbering.
@Suite struct ResponseCodeTests {
    @Test func startCallNumberingGetsItsCategoriesByName() {
        let categories = (0...13).compactMap { StartCallLikeResponseCode(rawValue: $0)?.category }
        #expect(categories == [.unspecified, .ready, .continueInApp, .userConfirmationRequired, .failure, .failureRequiringAppLaunch,
                               .failure, .failure, .failure, .failure, .failure, .failure, .failure, .failure])
    }

    @Test func sendMessageNumberingGetsItsCategoriesByName() {
        let categories = (0...7).compactMap { INSendMessageIntentResponseCode(rawValue: $0)?.category }
        #expect(categories == [.unspecified, .ready, .inProgress, .success, .failure, .failureRequiringAppLaunch, .failure, .failure])
    }

    @Test func customCodesAreSuccessesOnlyWhenNamedSo() {
        #expect(ProbeResponseCode.continueInApp.category == .continueInApp)
        #expect(ProbeResponseCode.success.category == .success)
        #expect(ProbeResponseCode.successWithReceipt.category == .success)
        #expect(ProbeResponseCode.failureOutOfStock.category == .failure)
        #expect(ProbeResponseCode.failureRequiringAppLaunch.category == .failureRequiringAppLaunch)
    }

    @Test func otherAppleNamesHaveTheirCategories() {
        #expect(OtherAppleNamedResponseCode.handleInApp.category == .continueInApp)
        #expect(OtherAppleNamedResponseCode.failureRequiringAppLaunchMustVerifyCredentials.category == .failureRequiringAppLaunch)
        #expect(OtherAppleNamedResponseCode.denied.category == .failure)
        #expect(OtherAppleNamedResponseCode.success.category == .success)
    }

    @Test func aCodeEnumMaySayOtherwise() {
        #expect(OverridingResponseCode.orderPlaced.category == .success)
        let response = INIntentResponse(responseCode: OverridingResponseCode.orderPlaced, userActivity: nil)
        #expect(response.payload(defaultActivityType: "X").category == .success)
    }

    @Test func theResponseCarriesNumberNameAndCategory() {
        let response = INIntentResponse(responseCode: StartCallLikeResponseCode.continueInApp, userActivity: nil)
        let payload = response.payload(defaultActivityType: "INStartCallIntent")
        #expect(payload.code == 2 && payload.codeName == "continueInApp" && payload.category == .continueInApp)
        let interaction = INInteraction(intent: INSendMessageIntent(), response: response)
        #expect(interaction.intentHandlingStatus == .deferredToApplication)
        let confirming = INIntentResponse(responseCode: StartCallLikeResponseCode.userConfirmationRequired, userActivity: nil)
        #expect(INInteraction(intent: INSendMessageIntent(), response: confirming).intentHandlingStatus == .userConfirmationRequired)
    }
}
