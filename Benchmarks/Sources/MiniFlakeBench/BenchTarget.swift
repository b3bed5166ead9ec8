/// One of the performance goals, judged on the figures of a single run.
public struct BenchTarget: Sendable {
    /// The goal, as the issue states it.
    public let goal: String
    /// Whether the run met it, or `nil` when the cases it needs were not run.
    public let met: Bool?
    /// The figures it was judged on.
    public let figures: String

    /// A one-line verdict: `[met] goal: figures`.
    public var line: String {
        let verdict =
            switch met {
            case true?: "met"
            case false?: "MISSED"
            case nil: "not run"
            }
        return "[\(verdict)] \(goal): \(figures)"
    }
}
