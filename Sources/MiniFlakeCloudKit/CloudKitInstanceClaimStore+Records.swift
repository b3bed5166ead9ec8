#if canImport(CloudKit)
    import CloudKit
    import Foundation
    import MiniFlakeDevice

    /// Claims to and from `CKRecord`s, and `CKError`s to claim errors.
    extension CloudKitInstanceClaimStore {
        /// Sets the claim's fields on a record.
        static func write(_ claim: InstanceClaimRecord, to record: CKRecord) {
            record[CloudKitClaimFields.holder] = claim.holder
            record[CloudKitClaimFields.markTick] = claim.markTick
            record[CloudKitClaimFields.heartbeat] = Date(
                timeIntervalSince1970: Double(claim.heartbeatMilliseconds) / 1000)
            record[CloudKitClaimFields.released] = Int64(claim.released ? 1 : 0)
        }

        /// Reads a record as a claim, with its change tag and modification date.
        static func claim(from record: CKRecord) throws(InstanceClaimError) -> InstanceClaimRecord {
            let holder: String? = record[CloudKitClaimFields.holder]
            let markTick: Int64? = record[CloudKitClaimFields.markTick]
            let heartbeat: Date? = record[CloudKitClaimFields.heartbeat]
            let released: Int64? = record[CloudKitClaimFields.released]
            // CloudKit's time of the record's last save, no file timestamp:
            let modified = record.modificationDate?.timeIntervalSince1970  // not a required-reason API
            return try CloudKitClaimFields.claim(
                name: record.recordID.recordName, holder: holder, markTick: markTick,
                heartbeatSeconds: heartbeat?.timeIntervalSince1970, released: released,
                changeTag: record.recordChangeTag, modificationSeconds: modified)
        }

        /// The claim error for what a CloudKit call threw (a `CKError`, or a claim error of ours).
        static func claimError(_ error: any Error, during operation: CloudKitFailure.Operation, name: String)
            -> InstanceClaimError
        {
            if let error = error as? InstanceClaimError { return error }
            guard let error = error as? CKError else {
                return InstanceClaimError(.storeFailed, message: "\(name): \(error)")
            }
            if error.code == .partialFailure, let item = error.partialErrorsByItemID?.values.first {
                return claimError(item, during: operation, name: name)
            }
            let serverRecord = error.serverRecord.flatMap { try? claim(from: $0) }
            return failure(error.code).claimError(
                during: operation, name: name, retryAfterSeconds: error.retryAfterSeconds, serverRecord: serverRecord)
        }

        /// The CloudKit code, named for ``CloudKitFailure``.
        static func failure(_ code: CKError.Code) -> CloudKitFailure {
            switch code {
            case .serverRecordChanged: .serverRecordChanged
            case .unknownItem: .unknownItem
            case .zoneNotFound: .zoneNotFound
            case .userDeletedZone: .userDeletedZone
            case .notAuthenticated, .accountTemporarilyUnavailable: .notAuthenticated
            case .networkUnavailable, .networkFailure: .network
            case .requestRateLimited, .serviceUnavailable, .zoneBusy: .busy
            case .serverResponseLost: .serverResponseLost
            default: .other("\(code.rawValue)")
            }
        }
    }
#endif
