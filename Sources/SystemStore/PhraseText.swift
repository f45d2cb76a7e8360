import Foundation

/// How phrases are compared: case, diacritics, punctuation and white space do not count.
public enum PhraseText {
    /// The phrase's words, folded: "Pizza  Time!" and "pizza time" give the same words.
    public static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue  // "Bobo's" reads as "bobos"
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words joined by single spaces.
    public static func normalized(_ text: String) -> String {
        words(text).joined(separator: " ")
    }
}
