import MiniFlakeDevice

/// What a `CKError` means for a claim, decided apart from CloudKit so that the Linux tests cover
/// it: the Apple-only adapter only names the `CKError.Code` (one line per case), and this type
/// makes the ``MiniFlakeDevice/InstanceClaimError``.
package enum CloudKitFailure: Sendable, Hashable {
    /// `serverRecordChanged`: a save under `.ifServerRecordUnchanged` met another version.
    case serverRecordChanged
    /// `unknownItem`: no record of that ID.
    case unknownItem
    /// `zoneNotFound`: the custom zone does not exist (yet).
    case zoneNotFound
    /// `userDeletedZone`: the user deleted the app's data in Settings, zone included.
    case userDeletedZone
    /// `notAuthenticated`, or `accountTemporarilyUnavailable`: no usable iCloud account.
    case notAuthenticated
    /// `networkUnavailable` or `networkFailure`.
    case network
    /// `requestRateLimited`, `serviceUnavailable` or `zoneBusy`: come back after `retryAfterSeconds`.
    case busy
    /// `serverResponseLost`: the server processed the request, and the reply was lost.
    case serverResponseLost
    /// Any other code, by name, for the message.
    case other(String)

    /// The call that failed.
    package enum Operation: Sendable, Hashable {
        /// `accountStatus()` or `userRecordID()`.
        case account
        /// `modifyRecordZones(saving:deleting:)`.
        case prepare
        /// `record(for:)`.
        case fetch
        /// `modifyRecords(saving:deleting:savePolicy:atomically:)` of a new record.
        case create
        /// `modifyRecords(saving:deleting:savePolicy:atomically:)` of a fetched record.
        case replace
    }

    /// The claim error for this failure.
    ///
    /// - Parameters:
    ///   - operation: The call that failed.
    ///   - name: The record's (or the zone's) name, for the message.
    ///   - retryAfterSeconds: `CKError.retryAfterSeconds`.
    ///   - serverRecord: `CKError.serverRecord`, read as a claim.
    package func claimError(
        during operation: Operation, name: String, retryAfterSeconds: Double?, serverRecord: InstanceClaimRecord?
    ) -> InstanceClaimError {
        let retryAfter = retryAfterSeconds.flatMap(Self.duration(seconds:))
        switch self {
        case .serverRecordChanged:
            // A create of a name that exists: taken, even when CloudKit leaves the server's
            // record out (the claim rules fetch the holder then).
            if operation == .create, serverRecord == nil {
                return InstanceClaimError(.recordExists, message: "\(name) exists")
            }
            guard let serverRecord, operation == .replace || operation == .create else {
                return InstanceClaimError(
                    .storeFailed, message: "\(name): serverRecordChanged without the server's record")
            }
            return InstanceClaimError(
                operation == .create ? .recordExists : .recordChanged,
                message: operation == .create ? "\(name) exists" : "\(name) changed on the server",
                serverRecord: serverRecord)
        case .unknownItem:
            return InstanceClaimError(.recordMissing, message: "\(name): no such record")
        case .zoneNotFound, .userDeletedZone:
            return InstanceClaimError(
                .zoneMissing,
                message: "\(name): the zone is gone (\(self == .zoneNotFound ? "not found" : "deleted by the user"))")
        case .notAuthenticated:
            return InstanceClaimError(.noAccount, message: "no iCloud account is signed in")
        case .network:
            return InstanceClaimError(.networkUnavailable, message: "iCloud cannot be reached", retryAfter: retryAfter)
        case .busy:
            return InstanceClaimError(.rateLimited, message: "iCloud asks to wait", retryAfter: retryAfter)
        case .serverResponseLost:
            guard operation == .create || operation == .replace else {
                return InstanceClaimError(.networkUnavailable, message: "the reply was lost", retryAfter: retryAfter)
            }
            return InstanceClaimError(.unknownOutcome, message: "\(name): the reply to the save was lost")
        case .other(let code):
            return InstanceClaimError(.storeFailed, message: "\(name): CKError \(code)", retryAfter: retryAfter)
        }
    }

    /// `retryAfterSeconds` as a duration, rounded up to the millisecond; `nil` when it is not a
    /// finite, non-negative number.
    static func duration(seconds: Double) -> Duration? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
