import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

@Suite("Device issuer: registration, sign-out and sign-in")
struct DeviceRegistrationTests {
    @Test("register, adopt, sign out, sign back in: the same installation and number throughout")
    func roundTrip() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let offered = try #require(issuer.provisionalInstance)
        let offline = try issue(issuer, 100)

        try issuer.signInBlocking(account: RegistryName("alice"))
        #expect(issuer.account?.text == "alice" && issuer.needsRegistration)
        try issuer.adoptBlocking(registration(issuer, account: "alice", instance: offered))
        #expect(!issuer.needsRegistration && issuer.provisionalInstance == nil)
        #expect(issuer.account?.text == "alice" && issuer.currentInstanceNumber == offered)
        let signedIn = try issue(issuer, 100)
        #expect(signedIn[0] > offline.last!)

        try issuer.signOutBlocking()
        #expect(issuer.account == nil && issuer.needsRegistration && issuer.provisionalInstance == offered)
        // Signing in to another account: the registry gives a number free there.
        try issuer.adoptBlocking(registration(issuer, account: "bob", instance: 9))
        #expect(issuer.account?.text == "bob" && issuer.currentInstanceNumber == 9)
        try issuer.signOutBlocking()
        #expect(issuer.provisionalInstance == 9)
        try issuer.adoptBlocking(registration(issuer, account: "alice", instance: offered))
        let back = try issue(issuer, 100)
        #expect(back[0] > signedIn.last!)

        // All of it survives a relaunch.
        let relaunched = try rig.issuer()
        #expect(relaunched.installation == issuer.installation && relaunched.account?.text == "alice")
        #expect(!relaunched.needsRegistration && relaunched.currentInstanceNumber == offered)
        #expect(try relaunched.nextBlocking() > back.last!)
    }

    @Test("a registration for another installation, or a number outside the layout, is refused")
    func mismatch() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let other = InstanceRegistration(
            account: try RegistryName("alice"), installation: try RegistryName("someone-else"), instance: 3,
            isNew: true)
        #expect {
            try issuer.adoptBlocking(other)
        } throws: { ($0 as? DeviceStateError)?.code == .registrationMismatch }
        #expect {
            try issuer.adoptBlocking(registration(issuer, account: "alice", instance: 1024))
        } throws: { ($0 as? DeviceStateError)?.code == .registrationMismatch }
        #expect(issuer.needsRegistration)
    }

    @Test("the FlakeIssuer API: async next and batches, and the blocking twins")
    func issuerAPI() async throws {
        let rig = try DeviceRig(reservationTicks: 3)
        let issuer = try rig.issuer()
        let any: any FlakeIssuer = issuer
        let first = try await any.next()
        let batch = try await any.next(count: 10_000)
        #expect(batch.count == 10_000 && batch.first! > first)
        #expect(Array(batch) == Array(batch).sorted())
        let value = try blockingNext(issuer).rawValue
        #expect(value > batch.last!.rawValue)
        let blockingBatch = try blockingNext(issuer, count: 5_000)
        #expect(blockingBatch.count == 5_000 && blockingBatch.first!.rawValue > value)
        #expect(issuer.maximumBatchCount == 3 * 4096)
        #expect(throws: FlakeError.self) { try issuer.nextImmediately(count: 3 * 4096 + 1) }
        let full = try immediatelyOnceReserved(issuer) { () throws(FlakeError) in
            try issuer.nextImmediately(count: 3 * 4096)
        }
        #expect(full.count == 3 * 4096 && full.first! > blockingBatch.last!)
    }

    @Test("a clock before the epoch is a typed issuing error, and the state is kept")
    func clockBeforeEpoch() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        rig.clock.set(millisecondsSince1970: 0)
        let issuer = try rig.issuer()
        #expect(issuer.launchRecovery == nil && issuer.installation == first.installation)
        #expect {
            try issuer.nextBlocking()
        } throws: { ($0 as? FlakeError)?.code == .clockBeforeEpoch }
    }
}
