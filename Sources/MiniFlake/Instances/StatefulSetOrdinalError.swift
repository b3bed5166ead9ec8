/// Why a pod's StatefulSet ordinal gave no instance number.
public struct StatefulSetOrdinalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a failure. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `no_ordinal`: no pod-index label was given and the host name does not end in `-N`.
        public static let noOrdinal = Code("no_ordinal")
        /// `invalid_pod_index`: the pod-index label's value is not a whole number.
        public static let invalidPodIndex = Code("invalid_pod_index")
        /// `out_of_range`: the ordinal plus the offset is not an instance number of the layout.
        public static let outOfRange = Code("out_of_range")
    }

    /// What went wrong.
    public let code: Code
    /// One line for a person, saying what went wrong and what to do.
    public let message: String

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: One line for a person.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// One line for a person, saying what went wrong and what to do.
    public var description: String { message }
}

extension StatefulSetOrdinalError {
    /// No pod index and a host name without `-N`.
    package static func noOrdinal(hostName: String) -> Self {
        Self(
            .noOrdinal,
            message:
                "no StatefulSet ordinal: the host name '\(hostName)' does not end in -N and no pod index was given "
                + "(pass the apps.kubernetes.io/pod-index label through the downward API)")
    }

    /// A pod index that is not a whole number.
    package static func invalidPodIndex(_ value: String) -> Self {
        Self(.invalidPodIndex, message: "the pod index '\(value)' is not a whole number")
    }

    /// An ordinal plus offset outside the layout's instance numbers.
    package static func outOfRange(ordinal: Int, offset: Int, maximum: Int) -> Self {
        Self(
            .outOfRange,
            message: "ordinal \(ordinal) + offset \(offset) is outside the layout's instance numbers 0...\(maximum)")
    }
}
