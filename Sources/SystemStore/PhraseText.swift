import Foundation
import SystemCalls

/// How phrases are compared: case, diacritics, punctuation and white space do not count.
public enum PhraseText {
    /// The phrase's words, folded: "Pizza  Time!" and "pizza time" give the same words.
    public static func words(_ text: String) -> [String] {
        if let ascii = asciiWords(text) { return ascii }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.nonBaseCharacters.contains(scalar) && current.isEmpty {
                continue  // a mark left on punctuation or a space is no word of its own
            } else if CharacterSet.alphanumerics.contains(scalar) {
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

    /// The same words for plain ASCII text, without Foundation's folding (most utterances);
    /// nil when the text has other characters.
    private static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "'"): continue
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The words joined by single spaces.
    public static func normalized(_ text: String) -> String {
        words(text).joined(separator: " ")
    }
}
