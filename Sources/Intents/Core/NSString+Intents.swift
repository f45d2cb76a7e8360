import Foundation

/// Siri's deferred localization, reduced to formatting: this host shows strings as given.
extension NSString {
    /// A string for Siri to show or speak, formatted from `format` and `args` as
    /// `String(format:)` does.
    ///
    /// On Apple's systems the system localizes it later, when it presents it, from the app's
    /// `Localizable.strings` in the user's language. Here presentation is the host's, which shows
    /// strings as given: the formatted string is returned as it is.
    public static func deferredLocalizedIntentsString(with format: String, _ args: any CVarArg...) -> String {
        String(format: format, arguments: args)
    }
}
