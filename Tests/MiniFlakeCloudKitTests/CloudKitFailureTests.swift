import Foundation
import MiniFlakeCloudKit
import MiniFlakeDevice
import Testing

/// The decisions behind the CloudKit adapter that do not need CloudKit: what each `CKError` code
/// means for a claim, and how a record's fields read back. The adapter itself is compiled for iOS
/// against Apple's SDK (scripts/ios-compile.sh), never run here.
@Suite("CloudKit adapter: CKError codes and record fields, apart from CloudKit")
struct CloudKitFailureTests {
    let server = InstanceClaimRecord(
        name: "instance-3", holder: "other", markTick: 9, heartbeatMilliseconds: 1_000, changeTag: "t")

    @Test(
        "serverRecordChanged is record_exists on a create (with or without the server's record) and record_changed on a replace"
    )
    func serverRecordChanged() {
        let exists = CloudKitFailure.serverRecordChanged.claimError(
            during: .create, name: "instance-3", retryAfterSeconds: nil, serverRecord: server)
        #expect(exists.code == .recordExists && exists.serverRecord == server)
        let changed = CloudKitFailure.serverRecordChanged.claimError(
            during: .replace, name: "instance-3", retryAfterSeconds: nil, serverRecord: server)
        #expect(changed.code == .recordChanged && changed.serverRecord == server)
        let without = CloudKitFailure.serverRecordChanged.claimError(
            during: .create, name: "instance-3", retryAfterSeconds: nil, serverRecord: nil)
        #expect(without.code == .recordExists && without.serverRecord == nil)
        let changedWithout = CloudKitFailure.serverRecordChanged.claimError(
            during: .replace, name: "instance-3", retryAfterSeconds: nil, serverRecord: nil)
        #expect(changedWithout.code == .storeFailed)
    }

    @Test("the codes a claim waits on, with CloudKit's retryAfterSeconds rounded up to the millisecond")
    func waits() {
        func error(_ failure: CloudKitFailure, _ operation: CloudKitFailure.Operation = .fetch, retry: Double? = nil)
            -> InstanceClaimError
        {
            failure.claimError(during: operation, name: "n", retryAfterSeconds: retry, serverRecord: nil)
        }
        #expect(error(.busy, retry: 2.0001).code == .rateLimited)
        #expect(error(.busy, retry: 2.0001).retryAfter == .milliseconds(2_001))
        #expect(error(.busy, retry: .nan).retryAfter == nil && error(.busy, retry: -1).retryAfter == nil)
        #expect(error(.network).code == .networkUnavailable)
        #expect(error(.notAuthenticated).code == .noAccount)
        #expect(error(.zoneNotFound).code == .zoneMissing && error(.userDeletedZone).code == .zoneMissing)
        #expect(error(.unknownItem, .replace).code == .recordMissing)
        #expect(error(.serverResponseLost, .create).code == .unknownOutcome)
        #expect(error(.serverResponseLost, .replace).code == .unknownOutcome)
        #expect(error(.serverResponseLost, .fetch).code == .networkUnavailable)
        #expect(error(.other("15")).code == .storeFailed)
    }

    @Test("a record's fields read back as a claim; a missing field is store_failed")
    func fields() throws {
        let claim = try CloudKitClaimFields.claim(
            name: "instance-3", holder: "h", markTick: 7, heartbeatSeconds: 5.0004, released: 1, changeTag: "t",
            modificationSeconds: 6.5)
        #expect(claim.released && claim.instance == 3 && claim.markTick == 7)
        #expect(claim.heartbeatMilliseconds == 5_000 && claim.modifiedMilliseconds == 6_500)
        #expect(CloudKitClaimFields.milliseconds(seconds: .infinity) == nil)
        #expect(throws: InstanceClaimError.self) {
            try CloudKitClaimFields.claim(
                name: "instance-3", holder: nil, markTick: 7, heartbeatSeconds: 5, released: 0, changeTag: nil,
                modificationSeconds: nil)
        }
    }
}
