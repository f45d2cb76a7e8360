/// How App Intents metadata reads in a report.
public enum AppIntentText {
    /// A parameter summary as the user reads it: each `${name}` as `[name]`, the way Shortcuts
    /// shows a parameter to fill in (`Add ${quantity} ${name}` -> `Add [quantity] [name]`).
    public static func summary(_ template: String) -> String {
        var result = ""
        var rest = Substring(template)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            let afterOpening = rest[start.upperBound...]
            guard let end = afterOpening.firstIndex(of: "}") else {
                result += rest[start.lowerBound...]
                return result
            }
            result += "[" + afterOpening[..<end] + "]"
            rest = afterOpening[afterOpening.index(after: end)...]
        }
        return result + rest
    }
}

extension Substring {
    /// The first range of `text` in this substring (no Foundation here).
    fileprivate func range(of text: String) -> Range<Index>? {
        let needle = Array(text.utf8)
        var index = startIndex
        while index < endIndex {
            if self[index...].utf8.starts(with: needle) {
                return index..<self.utf8.index(index, offsetBy: needle.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
