#if canImport(CloudKit)
    import CloudKit
    import Foundation
    import MiniFlake
    import MiniFlakeDevice

    /// An ``MiniFlakeDevice/InstanceClaimStore`` in a custom zone of the user's CloudKit private
    /// database: what ``MiniFlakeDevice/AccountInstanceClaims`` claims instance numbers in when the
    /// app syncs only through iCloud.
    ///
    /// ```swift
    /// let claims = AccountInstanceClaims(store: CloudKitInstanceClaimStore(container: CKContainer(identifier: "iCloud.com.example.notes")))
    /// try await claims.claim(for: issuer)
    /// ```
    ///
    /// One record per claimed number (`instance-17`, of type `MiniFlakeInstanceClaim`) in the zone
    /// `MiniFlake` of `privateCloudDatabase`. A new record is saved with
    /// `modifyRecords(saving:deleting:savePolicy:atomically:)` and `.ifServerRecordUnchanged`: when
    /// the name exists, CloudKit answers `CKError.serverRecordChanged` with the server's record, which
    /// the claimer reads as "taken". A claim is replaced by fetching the record, checking its change
    /// tag, and saving that fetched record with the same policy, a compare-and-set.
    /// `modificationDate` is CloudKit's clock.
    ///
    /// Errors become ``MiniFlakeDevice/InstanceClaimError``s: `notAuthenticated` and an account
    /// status other than `.available` are `no_account`; a `CKAccountChanged` notification since the
    /// last ``account()`` is `account_changed`; `networkUnavailable` and `networkFailure` are
    /// `network_unavailable`; `requestRateLimited`, `serviceUnavailable` and `zoneBusy` are
    /// `rate_limited` with `retryAfterSeconds`; `zoneNotFound` and `userDeletedZone` are
    /// `zone_missing` (the claimer then makes the zone again); `serverResponseLost` on a save is
    /// `unknown_outcome`.
    ///
    /// Checked: compiled for iOS 16 against Apple's iOS 16.5 SDK, debug and release
    /// (`scripts/ios-compile.sh`), and built by the macOS job. Never linked or run against CloudKit
    /// by this package's tests: the claim rules are tested against a model of CloudKit's documented
    /// behaviour, which is not CloudKit.
    public final class CloudKitInstanceClaimStore: InstanceClaimStore, Sendable {
        /// The container whose private database holds the claims.
        package let container: CKContainer
        /// The custom zone's name.
        package let zoneName: String
        /// Set by a `CKAccountChanged` notification, cleared by ``account()``.
        private let accountChanged = LockedValue(false)
        /// The notification observer, removed on deinit.
        private let observer: LockedValue<(any NSObjectProtocol)?>

        /// Makes a store on `container`'s private database.
        ///
        /// - Parameters:
        ///   - container: The app's CloudKit container (the iCloud capability's).
        ///   - zoneName: The custom zone the claims live in; `MiniFlake` by default.
        public init(container: CKContainer = .default(), zoneName: String = "MiniFlake") {
            self.container = container
            self.zoneName = zoneName
            let changed = accountChanged
            observer = LockedValue(
                NotificationCenter.default.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in
                    changed.withLock { $0 = true }
                })
        }

        deinit {
            if let token = observer.withLock({ $0 }) { NotificationCenter.default.removeObserver(token) }
        }

        private var database: CKDatabase { container.privateCloudDatabase }
        private var zoneID: CKRecordZone.ID { CKRecordZone.ID(zoneName: zoneName, ownerName: CKCurrentUserDefaultName) }
        private func recordID(_ name: String) -> CKRecord.ID { CKRecord.ID(recordName: name, zoneID: zoneID) }

        /// The signed-in iCloud account's user record name, after checking `accountStatus()`.
        public func account() async throws(InstanceClaimError) -> RegistryName {
            let name: String
            do {
                let status = try await container.accountStatus()
                guard status == .available else {
                    throw InstanceClaimError(
                        .noAccount, message: "the iCloud account status is \(status.rawValue), not available")
                }
                accountChanged.withLock { $0 = false }
                name = try await container.userRecordID().recordName
            } catch {
                throw Self.claimError(error, during: .account, name: "the account")
            }
            do {
                return try RegistryName(name)
            } catch {
                throw InstanceClaimError(.storeFailed, message: "the user record name is not a registry name: \(error)")
            }
        }

        /// Saves the custom zone (saving an existing zone changes nothing).
        public func prepare() async throws(InstanceClaimError) {
            try checkAccount()
            do {
                let results = try await database.modifyRecordZones(saving: [CKRecordZone(zoneID: zoneID)], deleting: [])
                if case .failure(let error) = results.saveResults[zoneID] { throw error }
            } catch {
                throw Self.claimError(error, during: .prepare, name: zoneName)
            }
        }

        /// Fetches a claim with `record(for:)`; `unknownItem` is `nil`.
        public func fetch(_ name: String) async throws(InstanceClaimError) -> InstanceClaimRecord? {
            try checkAccount()
            let record: CKRecord
            do {
                record = try await database.record(for: recordID(name))
            } catch let error as CKError where error.code == .unknownItem {
                return nil
            } catch {
                throw Self.claimError(error, during: .fetch, name: name)
            }
            return try Self.claim(from: record)
        }

        /// Saves a new record of the claim; `serverRecordChanged` is `record_exists`.
        public func create(_ claim: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
            try checkAccount()
            let record = CKRecord(recordType: CloudKitClaimFields.recordType, recordID: recordID(claim.name))
            Self.write(claim, to: record)
            return try await save(record, during: .create, name: claim.name)
        }

        /// Fetches the claim's record, checks its change tag, and saves it with the claim's fields.
        public func replace(_ claim: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
            try checkAccount()
            let record: CKRecord
            do {
                record = try await database.record(for: recordID(claim.name))
            } catch {
                throw Self.claimError(error, during: .replace, name: claim.name)
            }
            guard record.recordChangeTag == claim.changeTag else {
                throw InstanceClaimError(
                    .recordChanged, message: "\(claim.name) changed on the server",
                    serverRecord: try Self.claim(from: record))
            }
            Self.write(claim, to: record)
            return try await save(record, during: .replace, name: claim.name)
        }

        /// Saves one record with `.ifServerRecordUnchanged`, atomically.
        private func save(_ record: CKRecord, during operation: CloudKitFailure.Operation, name: String)
            async throws(InstanceClaimError) -> InstanceClaimRecord
        {
            let saved: CKRecord
            do {
                let results = try await database.modifyRecords(
                    saving: [record], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: true)
                guard let result = results.saveResults[record.recordID] else {
                    throw InstanceClaimError(.storeFailed, message: "\(name): CloudKit answered no result for the save")
                }
                saved = try result.get()
            } catch {
                throw Self.claimError(error, during: operation, name: name)
            }
            return try Self.claim(from: saved)
        }

        /// Throws `account_changed` after a `CKAccountChanged` notification, until ``account()``.
        private func checkAccount() throws(InstanceClaimError) {
            guard accountChanged.withLock({ $0 }) else { return }
            throw InstanceClaimError(.accountChanged, message: "the iCloud account changed (CKAccountChanged)")
        }
    }
#endif
