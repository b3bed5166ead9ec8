/// The ordinal of a pod in a Kubernetes StatefulSet, as an instance number.
///
/// A StatefulSet names its pods `NAME-0`, `NAME-1`, … and never runs two pods with one
/// ordinal, so the ordinal is an instance number that needs no lease. Pass it in with the
/// downward API (the `apps.kubernetes.io/pod-index` label, Kubernetes 1.28 and later), or let
/// it be read from the end of the host name, which is the pod's name:
///
/// ```swift
/// let ordinal = try StatefulSetOrdinal(podIndex: environment["MINIFLAKE_POD_INDEX"], hostName: hostName)
/// let maker = try FlakeMaker(instance: try ordinal.instanceNumber(offset: 512))
/// ```
///
/// Several StatefulSets (regions, clusters) can share a layout without overlap when each adds
/// its own offset, here or with the StatefulSet's `.spec.ordinals.start`.
public struct StatefulSetOrdinal: Sendable, Hashable, CustomStringConvertible {
    /// Where the ordinal was read.
    public enum Source: String, Sendable, Hashable {
        /// The `apps.kubernetes.io/pod-index` label, passed in through the downward API.
        case podIndexLabel = "pod-index label"
        /// The digits after the last hyphen of the host name.
        case hostName = "host name"
    }

    /// The pod's ordinal: 0 for the first pod (or `.spec.ordinals.start`).
    public let ordinal: Int
    /// Where it was read.
    public let source: Source

    /// The longest ordinal read, in digits; a StatefulSet has far fewer pods.
    private static let maximumDigits = 9

    /// Reads the ordinal from the pod-index label's value when there is one, else from the host
    /// name (`miniflake-2`, or `miniflake-2.miniflake.default.svc.cluster.local`).
    ///
    /// - Throws: ``StatefulSetOrdinalError/Code/invalidPodIndex`` for a label value that is not
    ///   a whole number, ``StatefulSetOrdinalError/Code/noOrdinal`` when neither gives
    ///   one.
    public init(podIndex: String?, hostName: String?) throws(StatefulSetOrdinalError) {
        if let podIndex, !podIndex.isEmpty {
            guard let ordinal = Self.number(Substring(podIndex)) else { throw .invalidPodIndex(podIndex) }
            self.init(ordinal: ordinal, source: .podIndexLabel)
            return
        }
        let podName = hostName?.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let hyphen = podName.lastIndex(of: "-"), hyphen != podName.startIndex,
            let ordinal = Self.number(podName[podName.index(after: hyphen)...])
        else {
            throw .noOrdinal(hostName: hostName ?? "")
        }
        self.init(ordinal: ordinal, source: .hostName)
    }

    /// An ordinal known already.
    public init(ordinal: Int, source: Source) {
        self.ordinal = ordinal
        self.source = source
    }

    /// The instance number: the ordinal plus `offset`, checked against the layout.
    ///
    /// - Throws: ``StatefulSetOrdinalError/Code/outOfRange`` when the sum
    ///   is negative or above the layout's largest instance number.
    public func instanceNumber(offset: Int = 0, layout: FlakeLayout = .miniFlake) throws(StatefulSetOrdinalError)
        -> Int
    {
        let (sum, overflow) = ordinal.addingReportingOverflow(offset)
        guard !overflow, (0...layout.maximumInstanceNumber).contains(sum) else {
            throw .outOfRange(ordinal: ordinal, offset: offset, maximum: layout.maximumInstanceNumber)
        }
        return sum
    }

    /// The ordinal and where it came from, e.g. `2 (from the host name)`.
    public var description: String { "\(ordinal) (from the \(source.rawValue))" }

    /// A whole number of ASCII digits, without a sign, of at most ``maximumDigits``.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maximumDigits,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}
