import Testing

@testable import MiniFlakeLease

@Suite("Lease permit word")
struct LeasePermitTests {
    @Test("packs a generation and a deadline into one word and back")
    func roundTrip() {
        let permit = LeasePermit(generation: 5, deadline: 123_456)
        #expect(permit.generation == 5)
        #expect(permit.deadline == 123_456)
        #expect(LeasePermit(rawValue: permit.rawValue) == permit)
        #expect(permit.rawValue == 5 << 44 | 123_456)
    }

    @Test("allows issuing strictly before the deadline; a zero deadline is revoked")
    func allows() {
        let permit = LeasePermit(generation: 1, deadline: 1000)
        #expect(permit.allows(at: 999))
        #expect(!permit.allows(at: 1000))
        #expect(!permit.isRevoked)
        let revoked = LeasePermit(generation: 1, deadline: 0)
        #expect(revoked.isRevoked)
        #expect(!revoked.allows(at: 0))
        #expect(revoked.isSameGeneration(as: permit))
        #expect(!revoked.isSameGeneration(as: LeasePermit(generation: 2, deadline: 1000)))
    }

    @Test("clamps deadlines to what the word holds and keeps generations modulo 2^20")
    func clamps() {
        #expect(LeasePermit(generation: 1, deadline: -5).deadline == 0)
        #expect(LeasePermit(generation: 1, deadline: .max).deadline == LeasePermit.latestDeadline)
        #expect(LeasePermit(generation: 1 << 20 | 3, deadline: 7).generation == 3)
        #expect(LeasePermit(generation: 1 << 20 | 3, deadline: 7).deadline == 7)
    }
}
