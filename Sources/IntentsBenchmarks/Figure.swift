/// One benchmark figure, printed beside the floor it is compared with in the same run.
public struct Figure: Sendable {
    public var name: String
    /// Seconds for times, bytes for memory, a count, or a rate per second.
    public var value: Double
    public var unit: Unit
    public var floorName: String?
    public var floor: Double?
    /// The target, as a ratio to the floor (`ratio`) or as an absolute bound (`absolute`).
    public var target: Target
    public var note: String?

    public enum Unit: Sendable { case seconds, bytes, count, perSecond }

    /// Upper bounds for times, memory and counts; lower bounds (`atLeast`, `ratioAtLeast`) for rates.
    public enum Target: Sendable {
        case ratio(Double)
        case absolute(Double)
        case atLeast(Double)
        case ratioAtLeast(Double)
        case none
    }

    /// value / floor, when there is a floor.
    public var ratio: Double? { floor.map { value / $0 } }

    /// Whether the target is met; nil when there is none.
    public var met: Bool? {
        switch target {
        case .ratio(let bound): return ratio.map { $0 <= bound }
        case .absolute(let bound): return value <= bound
        case .atLeast(let bound): return value >= bound
        case .ratioAtLeast(let bound): return ratio.map { $0 >= bound }
        case .none: return nil
        }
    }

    /// One line: the figure, its floor, the ratio, the target and the verdict.
    public var line: String {
        var parts = [name.padding(toLength: 46, withPad: " ", startingAt: 0), Self.format(value, unit).leftPadded(10)]
        if let floorName, let floor, let ratio {
            parts.append("floor \(floorName) \(Self.format(floor, unit))")
            parts.append(String(format: "ratio %.2fx", ratio))
        }
        switch target {
        case .ratio(let bound): parts.append(String(format: "target <= %.1fx", bound))
        case .absolute(let bound): parts.append("target <= \(Self.format(bound, unit))")
        case .atLeast(let bound): parts.append("target >= \(Self.format(bound, unit))")
        case .ratioAtLeast(let bound): parts.append(String(format: "target >= %.2fx", bound))
        case .none: break
        }
        if let met { parts.append(met ? "met" : "MISSED") }
        if let note { parts.append("(\(note))") }
        return parts.joined(separator: "  ")
    }

    static func format(_ value: Double, _ unit: Unit) -> String {
        switch unit {
        case .seconds:
            if value < 1e-3 { return String(format: "%.2f us", value * 1e6) }
            return String(format: "%.3f ms", value * 1e3)
        case .bytes:
            return String(format: "%.2f MB", value / 1_000_000)
        case .count:
            return value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.2f", value)
        case .perSecond:
            return String(format: "%.0f/s", value)
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// The median of some samples.
func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[sorted.count / 2]
}
