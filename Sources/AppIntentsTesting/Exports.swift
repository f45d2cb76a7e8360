// `IntentValueConvertible`, `IntentValueExpressing`, `EntityIdentifierConvertible` and the
// entity identifiers, which Apple's AppIntentsTesting takes from AppIntentsTypeSupport.
@_exported import AppIntentsTypeSupport
// The lock states, Siri authorizations and run sources `HostUnderTest` takes.
@_exported import enum LocalAPI.LockStateValue
@_exported import enum LocalAPI.SiriAuthorizationValue
@_exported import enum LocalAPI.RunSource
