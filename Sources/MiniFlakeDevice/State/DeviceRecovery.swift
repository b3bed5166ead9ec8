/// What a ``DeviceFlakeIssuer`` did about a state it could not use as it was: a backup
/// restored onto another device, a clock far behind the stored mark, an unreadable state file.
///
/// None of these stops issuing. Each leaves the installation behind (listed in
/// ``DeviceFlakeIssuer/leftBehind``) and starts a new one with a fresh provisional number that
/// has no identifiers behind it, so ``DeviceFlakeIssuer/needsRegistration`` is `true`
/// afterwards.
public struct DeviceRecovery: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a recovery. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `device_changed`: the state was made on another device (its device-key fingerprint
        /// differs), as after a backup restored onto a second device. The mark is kept as a
        /// floor and the account kept, to be registered again.
        public static let deviceChanged = Code("device_changed")
        /// `clock_far_behind_mark`: the stored mark was more than
        /// ``DeviceFlakeIssuer/Configuration/maximumMarkLead`` ahead of the clock (the clock ran fast and
        /// was corrected, or was set back). The mark restarts at the clock.
        public static let clockFarBehindMark = Code("clock_far_behind_mark")
        /// `unreadable_state`: the state file was truncated, garbled, held values out of range,
        /// or was larger than 1 MiB (a state file holds 7 KiB at most; only the first
        /// 1 MiB of a larger one is read). It is kept beside the new one as
        /// `miniflake-KIND.state.unreadable`; the new number differs from any number that could
        /// still be read from it, and the new mark starts above any mark that could still be
        /// read from it or from the other kinds' state files (unless that mark is more than
        /// ``DeviceFlakeIssuer/Configuration/maximumMarkLead`` ahead of the clock).
        public static let unreadableState = Code("unreadable_state")
    }

    /// What happened.
    public var code: Code
    /// One line for a person.
    public var message: String
    /// The installation left behind, when there was one to name.
    public var leftBehind: LeftBehindInstallation?

    /// Makes a recovery report.
    public init(_ code: Code, message: String, leftBehind: LeftBehindInstallation? = nil) {
        self.code = code
        self.message = message
        self.leftBehind = leftBehind
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }
}
