import MiniFlakeDevice

/// The fields of a claim's CloudKit record, and how a record's values read back as a claim,
/// apart from CloudKit so that the Linux tests cover it.
package enum CloudKitClaimFields {
    /// The record type of claims.
    package static let recordType = "MiniFlakeInstanceClaim"
    /// The holder installation's name (`String`).
    package static let holder = "holder"
    /// The holder's mark in ticks (`Int64`).
    package static let markTick = "markTick"
    /// The holder's clock when it wrote the record (`Date`).
    package static let heartbeat = "heartbeat"
    /// 1 when the holder released the number, 0 otherwise (`Int64`).
    package static let released = "released"

    /// A claim from a record's name, fields and system fields.
    ///
    /// - Throws: ``MiniFlakeDevice/InstanceClaimError/Code/storeFailed`` when a field is missing.
    ///
    /// - Parameters:
    ///   - heartbeatSeconds: The `heartbeat` field's date, as `timeIntervalSince1970`.
    ///   - modificationSeconds: The record's `modificationDate`, as `timeIntervalSince1970`.
    package static func claim(
        name: String, holder: String?, markTick: Int64?, heartbeatSeconds: Double?, released: Int64?,
        changeTag: String?, modificationSeconds: Double?
    ) throws(InstanceClaimError) -> InstanceClaimRecord {
        guard let holder, let markTick, let heartbeat = heartbeatSeconds.flatMap(milliseconds(seconds:)) else {
            throw InstanceClaimError(.storeFailed, message: "\(name) lacks the holder, mark or heartbeat field")
        }
        return InstanceClaimRecord(
            name: name, holder: holder, markTick: markTick, heartbeatMilliseconds: heartbeat,
            released: (released ?? 0) != 0, changeTag: changeTag,
            modifiedMilliseconds: modificationSeconds.flatMap(milliseconds(seconds:)))
    }

    /// Seconds since 1970 (a `Date`'s `timeIntervalSince1970`) in whole milliseconds, floored;
    /// `nil` when not finite or out of range.
    package static func milliseconds(seconds: Double) -> Int64? {
        let milliseconds = (seconds * 1000).rounded(.down)
        guard milliseconds.isFinite, abs(milliseconds) < 9e15 else { return nil }
        return Int64(milliseconds)
    }
}
